import Form from "next/form";
import Link from "next/link";
import type { CSSProperties, ReactNode } from "react";
import { loose, type AnyTranslator } from "@/lib/i18n/loose";
import type { Total } from "@/lib/list/keyset";
import styles from "@/components/ui/record-screen.module.css";

// The server-rendered record list's parts (issue 17): a GET form of native inputs for the
// filters, the count line, the empty state, a plain table and keyset "latest / newer / older"
// links. Server components: a list screen is its query, its columns and its filters, and ships
// no JavaScript for them. `id` is the screen's test-id prefix ("complaint" gives
// complaint-filters, complaint-search, complaint-count, complaint-empty, complaint-table,
// complaint-latest, complaint-newer, complaint-older), the names the e2e specs select by.
// Labels come from the screen's own messages: `t` is its namespace's translator, which holds
// filters.search, filters.reset, count, countCapped, empty, pagination, latest, newer, older.

export type ListT = AnyTranslator;
/** A link to the list with the current filters plus `extra` (a cursor, an id). */
export type ListHref = (extra: Record<string, string | number>) => string;

/** The screen's heading card: the title (the page-title the specs read), an intro, actions, and
 * what goes under them (a screen's tabs). */
export function ListHeader({ title, intro, children, below }: { title: ReactNode; intro: ReactNode; children?: ReactNode; below?: ReactNode }) {
  return (
    <section className={styles.card}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title} data-testid="page-title">
            {title}
          </h1>
          <p className={styles.intro}>{intro}</p>
        </div>
        {children}
      </div>
      {below}
    </section>
  );
}

type FilterFormProps = {
  /** The list's path ("/afterSale/complaint"): the form's action and the reset link. */
  action: string;
  id: string;
  t: ListT;
  /** The reset link's test id, where a spec selects it. */
  resetTestId?: string;
  /** Keys the form (by the filters' query) where a link to the same list with other filters
   * must show the new values: a kept form would keep the inputs' old default values. */
  formKey?: string;
  children: ReactNode;
};

/** The filters card: the fields, then Search and Reset. */
export function FilterForm({ action, id, t, resetTestId, formKey, children }: FilterFormProps) {
  return (
    <section className={styles.card}>
      <Form key={formKey} action={action} className={styles.filters} data-testid={`${id}-filters`}>
        {children}
        <div className={styles.buttons}>
          <button type="submit" className={styles.buttonPrimary} data-testid={`${id}-search`}>
            {loose(t)("filters.search")}
          </button>
          <Link href={action} className={styles.button} data-testid={resetTestId}>
            {loose(t)("filters.reset")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

type FieldProps = { id: string; label: ReactNode; name: string; value: string; testId?: string };

export function TextFilter({
  id,
  label,
  name,
  value,
  testId,
  maxLength,
  placeholder,
  spellCheck,
  type,
  inputClass,
  style,
}: FieldProps & { maxLength: number; placeholder?: string; spellCheck?: boolean; type?: "search" | "text"; inputClass?: string; style?: CSSProperties }) {
  return (
    <label className={styles.field} htmlFor={id}>
      {label}
      <input
        id={id}
        className={inputClass ? `${styles.input} ${inputClass}` : styles.input}
        style={style}
        type={type}
        name={name}
        defaultValue={value}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={spellCheck}
        data-testid={testId}
      />
    </label>
  );
}

export type Option = { value: string | number; label: string };

/** A select; `any` adds the empty choice first ("Any"). */
export function SelectFilter({ id, label, name, value, testId, any, options, style }: FieldProps & { any?: string; options: readonly Option[]; style?: CSSProperties }) {
  return (
    <label className={styles.field} htmlFor={id}>
      {label}
      <select id={id} className={styles.input} style={style} name={name} defaultValue={value} data-testid={testId}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A calendar day (the lists read it as a day in Asia/Shanghai). */
export function DateFilter({ id, label, name, value, testId }: FieldProps) {
  return (
    <label className={styles.field} htmlFor={id}>
      {label}
      <input id={id} className={styles.input} type="date" name={name} defaultValue={value} min="2000-01-01" max="2100-12-31" data-testid={testId} />
    </label>
  );
}

/** From and to days, inclusive. */
export function DateRangeFilter({ id, labels, from, to }: { id: (name: string) => string; labels: { from: ReactNode; to: ReactNode }; from: string; to: string }) {
  return (
    <>
      <DateFilter id={id("from")} label={labels.from} name="from" value={from} />
      <DateFilter id={id("to")} label={labels.to} name="to" value={to} />
    </>
  );
}

/** The page size (?size=). */
export function SizeFilter({ id, label, value, sizes }: { id: string; label: ReactNode; value: number; sizes: readonly number[] }) {
  return <SelectFilter id={id} label={label} name="size" value={String(value)} style={{ minWidth: 80 }} options={sizes.map((s) => ({ value: s, label: String(s) }))} />;
}

/** A page as the kit's queries answer it (lib/list/keyset.ts); without `prev` the list pages one
 * way only (older) and shows no "newer". */
export type ResultsPage = { rows: readonly unknown[]; total?: Total; prev?: string | null; next: string | null; filters: { cursor: string } };

type ResultsProps = {
  id: string;
  t: ListT;
  page: ResultsPage;
  href: ListHref;
  /** The header cells; omitted, `children` is not a table's rows but the whole list (a `<ul>`). */
  head?: ReactNode;
  /** The rows (`<tr>`s). */
  children: ReactNode;
  empty?: ReactNode;
  /** False: the list has no count line. */
  showCount?: boolean;
  /** The table's own class, beside the kit's. */
  tableClass?: string;
  /** The pager's translator, where its labels live in another namespace than `t`. */
  pagerT?: ListT;
};

/** The results card: count line, table (or the empty state) and the pager. */
export function ListResults({ id, t, page, href, head, children, empty, showCount = true, tableClass, pagerT }: ResultsProps) {
  return (
    <section className={styles.card}>
      {showCount && page.total && <CountLine id={id} t={t} total={page.total} />}
      {page.rows.length === 0 ? (
        <EmptyState id={id}>{empty ?? loose(t)("empty")}</EmptyState>
      ) : head === undefined ? (
        children
      ) : (
        // A wide table scrolls sideways inside its card: focusable, so the keyboard can scroll it
        // (axe's scrollable-region-focusable), named by the count line when there is one.
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby={showCount && page.total ? `${id}-count` : undefined}>
          <table className={tableClass ? `${styles.table} ${tableClass}` : styles.table} data-testid={`${id}-table`}>
            <thead>
              <tr>{head}</tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      <Pager id={id} t={pagerT ?? t} href={href} cursor={page.filters.cursor} prev={page.prev ?? null} next={page.next} newer={page.prev !== undefined} />
    </section>
  );
}

/** "12 records" or "More than 1,000 records". */
export function CountLine({ id, t, total }: { id: string; t: ListT; total: Total }) {
  return (
    <p className={styles.muted} style={{ margin: "0 0 12px" }} id={`${id}-count`} data-testid={`${id}-count`}>
      {total.capped ? loose(t)("countCapped", { count: total.count }) : loose(t)("count", { count: total.count })}
    </p>
  );
}

export function EmptyState({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className={styles.empty} data-testid={`${id}-empty`}>
      {children}
    </p>
  );
}

export type PagerProps = {
  id: string;
  t: ListT;
  href: ListHref;
  /** The cursor of this page ("" on the first). */
  cursor: string;
  prev: string | null;
  next: string | null;
  /** Lists that page one way only (older) leave out "newer". */
  newer?: boolean;
};

/** Latest (when not on the first page), newer and older; a missing neighbour is a disabled label. */
export function Pager({ id, t, href, cursor, prev, next, newer = true }: PagerProps) {
  const off = (label: string) => (
    <span className={`${styles.button} ${styles.off}`} aria-disabled="true">
      {label}
    </span>
  );
  return (
    <nav className={styles.pager} aria-label={loose(t)("pagination")}>
      {cursor ? (
        <Link className={styles.button} href={href({})} data-testid={`${id}-latest`}>
          {loose(t)("latest")}
        </Link>
      ) : null}
      {newer &&
        (prev ? (
          <Link className={styles.button} href={href({ cursor: prev })} data-testid={`${id}-newer`}>
            {loose(t)("newer")}
          </Link>
        ) : (
          off(loose(t)("newer"))
        ))}
      {next ? (
        <Link className={styles.button} href={href({ cursor: next })} data-testid={`${id}-older`}>
          {loose(t)("older")}
        </Link>
      ) : (
        off(loose(t)("older"))
      )}
    </nav>
  );
}

/** The pager of a small bounded list that pages simply (offset pages, an exact count): "Total
 * 12", previous, "Page 1 of 2", next. `t` is Common.table's translator. */
export function PageLinks({ id, t, href, page, pages, total }: { id: string; t: ListT; href: (page: number) => string; page: number; pages: number; total: number }) {
  const off = (label: string) => (
    <span className={`${styles.button} ${styles.off}`} aria-disabled="true">
      {label}
    </span>
  );
  return (
    <nav className={styles.pager} aria-label={loose(t)("pagination")} data-testid={`${id}-pager`}>
      <span className={styles.muted} data-testid={`${id}-count`}>
        {loose(t)("total", { total })}
      </span>
      {page > 1 ? (
        <Link className={styles.button} href={href(page - 1)} data-testid={`${id}-previous`}>
          {loose(t)("previous")}
        </Link>
      ) : (
        off(loose(t)("previous"))
      )}
      <span>{loose(t)("pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link className={styles.button} href={href(page + 1)} data-testid={`${id}-next`}>
          {loose(t)("next")}
        </Link>
      ) : (
        off(loose(t)("next"))
      )}
    </nav>
  );
}

/** A column heading that sorts the list by a server link: ascending first, then the other way. */
export function SortHeader({
  label,
  field,
  sort,
  href,
}: {
  label: ReactNode;
  field: string;
  sort: { field: string; order: "asc" | "desc" };
  href: (sort: { field: string; order: "asc" | "desc" }) => string;
}) {
  const current = sort.field === field ? sort.order : undefined;
  return (
    <Link className={styles.link} href={href({ field, order: current === "asc" ? "desc" : "asc" })} data-testid={`sort-${field}`}>
      {label} <span aria-hidden="true">{current === "asc" ? "▲" : current === "desc" ? "▼" : "↕"}</span>
    </Link>
  );
}

"use client";

import { Fragment, useState, type CSSProperties, type Key, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import kit from "@/components/ui/record-screen.module.css";
import styles from "./data-table.module.css";

// The interactive list's table (issue 17): what the administration screens and the client-side
// admin list (components/admin/admin-list.tsx) draw their rows with. A plain <table> styled like
// the server-rendered kit (components/list/record-list.tsx), with what those screens use of a
// data grid and nothing more: sortable headers, row selection, tree rows and expandable rows,
// a sticky actions column, and an offset pager with a page-size choice. It replaces antd's
// Table, which with its pagination, dropdowns, tooltips and virtual list weighed ~145 KiB gzip
// on every administration screen. Rows carry `data-row-key` (what the e2e specs select by).

export type DataColumn<Row> = {
  /** Defaults to `dataIndex`. */
  key?: string;
  title: ReactNode;
  /** The row's field: shown as is without `render`, and `render`'s first argument. */
  dataIndex?: keyof Row & string;
  /** The cell (a method, so a column may type its value: `render: (v: boolean) => ...`). */
  render?(value: unknown, row: Row, index: number): ReactNode;
  width?: number;
  align?: "left" | "right" | "center";
  /** One line, cut with an ellipsis (the full text in the cell's title when it is a string). */
  ellipsis?: boolean;
  /** Kept in view at the right edge when the table scrolls sideways (row actions). */
  fixedRight?: boolean;
  sortable?: boolean;
};

export type SortState = { field: string; order: "asc" | "desc" };

export type OffsetPaging = {
  page: number;
  pageSize: number;
  total: number;
  /** Offers these sizes; without them the size is fixed. */
  pageSizes?: readonly number[];
  onChange: (page: number, pageSize: number) => void;
};

/** Keyset pages (a table that grows without bound): newer/older, a count capped at `total`. */
export type KeysetPaging = {
  total: number;
  /** More rows match than `total`: shown as "more than". */
  capped: boolean;
  pageSize: number;
  pageSizes?: readonly number[];
  hasPrev: boolean;
  hasNext: boolean;
  onMove: (dir: "prev" | "next") => void;
  onSize: (pageSize: number) => void;
};

type Props<Row> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: keyof Row | ((row: Row) => Key);
  testId?: string;
  /** Minimum width before the table scrolls sideways. */
  scrollX?: number;
  /** Rows are being replaced (a navigation is under way). */
  loading?: boolean;
  empty?: ReactNode;
  small?: boolean;
  className?: string;
  style?: CSSProperties;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  selection?: { keys: readonly Key[]; onChange: (keys: Key[]) => void; disabled?: (row: Row) => boolean };
  /** Tree rows: a row's `children` are drawn under it, indented, behind an expand button. */
  tree?: { children: (row: Row) => readonly Row[] | undefined; defaultExpandAll?: boolean };
  /** A panel under a row, opened by the row's expand button. */
  expandedRow?: (row: Row) => ReactNode;
  paging?: OffsetPaging | KeysetPaging;
};

export function DataTable<Row>(props: Props<Row>) {
  const t = useTranslations("Common.table");
  const { rows, columns, selection, tree, expandedRow } = props;
  const keyOf = (row: Row): Key => (typeof props.rowKey === "function" ? props.rowKey(row) : (row[props.rowKey] as Key));
  // Tree rows start open when asked; each toggle flips one key (opened, or closed when open by default).
  const [toggled, setToggled] = useState<ReadonlySet<Key>>(new Set());
  const isOpen = (key: Key) => (tree?.defaultExpandAll ?? false) !== toggled.has(key);
  const toggle = (key: Key) =>
    setToggled((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const selectable = selection ? rows.filter((r) => !selection.disabled?.(r)).map(keyOf) : [];
  const chosen = new Set(selection?.keys ?? []);
  const allChosen = selectable.length > 0 && selectable.every((k) => chosen.has(k));
  const someChosen = selectable.some((k) => chosen.has(k));
  const hasToggle = !!tree || !!expandedRow;
  const span = columns.length + (selection ? 1 : 0) + (hasToggle ? 1 : 0);

  const cellStyle = (c: DataColumn<Row>): CSSProperties | undefined => (c.width || c.align ? { width: c.width, textAlign: c.align } : undefined);
  const cellClass = (c: DataColumn<Row>) => [c.ellipsis && styles.ellipsis, c.fixedRight && styles.fixedRight].filter(Boolean).join(" ") || undefined;

  const header = (c: DataColumn<Row>) => {
    if (!c.sortable || !props.onSort) return c.title;
    const key = colKey(c);
    const current = props.sort?.field === key ? props.sort.order : undefined;
    const next = current === "asc" ? "desc" : "asc";
    return (
      <button type="button" className={styles.sort} onClick={() => props.onSort!({ field: key, order: next })} data-testid={`sort-${key}`}>
        {c.title}
        <span aria-hidden="true" className={styles.sortMark}>
          {current === "asc" ? "▲" : current === "desc" ? "▼" : "↕"}
        </span>
      </button>
    );
  };

  const drawRows = (list: readonly Row[], level: number): ReactNode[] =>
    list.map((row, index) => {
      const key = keyOf(row);
      const kids = tree?.children(row);
      const canOpen = expandedRow ? true : !!kids?.length;
      const open = canOpen && isOpen(key);
      return (
        <Fragment key={key}>
          <tr data-row-key={String(key)} data-level={tree ? level : undefined} aria-selected={selection ? chosen.has(key) : undefined}>
            {selection && (
              <td className={styles.check}>
                <input
                  type="checkbox"
                  checked={chosen.has(key)}
                  disabled={selection.disabled?.(row)}
                  aria-label={t("selectRow")}
                  onChange={(e) => selection.onChange(e.target.checked ? [...chosen, key] : [...chosen].filter((k) => k !== key))}
                  data-testid="row-select"
                />
              </td>
            )}
            {hasToggle && !tree && (
              <td className={styles.check}>
                <ExpandButton open={open} onClick={() => toggle(key)} label={open ? t("collapse") : t("expand")} />
              </td>
            )}
            {columns.map((c, i) => {
              const raw = c.dataIndex ? row[c.dataIndex] : undefined;
              const value = c.render ? c.render(raw, row, index) : show(raw);
              return (
                <td key={colKey(c)} style={cellStyle(c)} className={cellClass(c)} title={c.ellipsis && typeof value === "string" ? value : undefined}>
                  {tree && i === 0 ? (
                    <span className={styles.treeCell} style={{ paddingLeft: level * 20 }}>
                      {canOpen ? <ExpandButton open={open} onClick={() => toggle(key)} label={open ? t("collapse") : t("expand")} /> : <span className={styles.treeSpacer} />}
                      <span>{value}</span>
                    </span>
                  ) : (
                    value
                  )}
                </td>
              );
            })}
          </tr>
          {open && expandedRow && (
            <tr className={styles.expanded}>
              <td colSpan={span}>{expandedRow(row)}</td>
            </tr>
          )}
          {open && kids?.length ? drawRows(kids, level + 1) : null}
        </Fragment>
      );
    });

  return (
    <div className={props.className} style={props.style}>
      <div className={kit.tableWrap}>
        <table
          className={`${kit.table} ${styles.table}${props.small ? ` ${styles.small}` : ""}`}
          style={props.scrollX ? { minWidth: props.scrollX } : undefined}
          aria-busy={props.loading || undefined}
          data-testid={props.testId}
        >
          <thead>
            <tr>
              {selection && (
                <th className={styles.check}>
                  <input
                    type="checkbox"
                    checked={allChosen}
                    ref={(el) => {
                      if (el) el.indeterminate = someChosen && !allChosen;
                    }}
                    disabled={!selectable.length}
                    aria-label={t("selectAll")}
                    onChange={(e) => selection.onChange(e.target.checked ? selectable : [])}
                    data-testid="select-all"
                  />
                </th>
              )}
              {hasToggle && !tree && <th className={styles.check} aria-label={t("expand")} />}
              {columns.map((c) => (
                <th
                  key={colKey(c)}
                  style={cellStyle(c)}
                  className={cellClass(c)}
                  aria-sort={c.sortable && props.sort?.field === colKey(c) ? (props.sort.order === "asc" ? "ascending" : "descending") : undefined}
                >
                  {header(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={props.loading ? styles.loading : undefined}>
            {rows.length ? (
              drawRows(rows, 0)
            ) : (
              <tr>
                <td colSpan={span} className={kit.empty} data-testid={props.testId ? `${props.testId}-empty` : undefined}>
                  {props.empty ?? t("noData")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {props.paging && ("onMove" in props.paging ? <KeysetPager {...props.paging} disabled={props.loading} /> : <OffsetPager {...props.paging} disabled={props.loading} />)}
    </div>
  );
}

const colKey = (c: DataColumn<never>): string => c.key ?? c.dataIndex ?? "";
const show = (v: unknown): ReactNode => (v === null || v === undefined || v === "" ? "—" : String(v));

function ExpandButton({ open, onClick, label }: { open: boolean; onClick: () => void; label: string }) {
  return (
    <button type="button" className={styles.expand} aria-expanded={open} aria-label={label} onClick={onClick} data-testid="row-expand">
      {open ? "−" : "+"}
    </button>
  );
}

/** "Total 42", previous, "Page 2 of 3", next, and the page size where it may change. */
export function OffsetPager({ page, pageSize, total, pageSizes, onChange, disabled }: OffsetPaging & { disabled?: boolean }) {
  const t = useTranslations("Common.table");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={t("pagination")} data-testid="pager">
      <span className={kit.muted} data-testid="pager-total">
        {t("total", { total })}
      </span>
      <button type="button" className={kit.button} disabled={disabled || page <= 1} onClick={() => onChange(page - 1, pageSize)} data-testid="pager-prev">
        {t("previous")}
      </button>
      <span data-testid="pager-page">{t("pageOf", { page, pages })}</span>
      <button type="button" className={kit.button} disabled={disabled || page >= pages} onClick={() => onChange(page + 1, pageSize)} data-testid="pager-next">
        {t("next")}
      </button>
      <SizeSelect pageSize={pageSize} pageSizes={pageSizes} disabled={disabled} onChange={(size) => onChange(1, size)} />
    </nav>
  );
}

/** "Total 42" (or "More than 1,000"), previous, next, and the page size: no page numbers. */
export function KeysetPager({ total, capped, pageSize, pageSizes, hasPrev, hasNext, onMove, onSize, disabled }: KeysetPaging & { disabled?: boolean }) {
  const t = useTranslations("Common.table");
  return (
    <nav className={styles.pager} aria-label={t("pagination")} data-testid="pager">
      <span className={kit.muted} data-testid="pager-total">
        {capped ? t("totalCapped", { total }) : t("total", { total })}
      </span>
      <button type="button" className={kit.button} disabled={disabled || !hasPrev} onClick={() => onMove("prev")} data-testid="pager-prev">
        {t("previous")}
      </button>
      <button type="button" className={kit.button} disabled={disabled || !hasNext} onClick={() => onMove("next")} data-testid="pager-next">
        {t("next")}
      </button>
      <SizeSelect pageSize={pageSize} pageSizes={pageSizes} disabled={disabled} onChange={onSize} />
    </nav>
  );
}

function SizeSelect({ pageSize, pageSizes, disabled, onChange }: { pageSize: number; pageSizes?: readonly number[]; disabled?: boolean; onChange: (size: number) => void }) {
  const t = useTranslations("Common.table");
  if (!pageSizes) return null;
  return (
    <select
      className={kit.input}
      style={{ minWidth: 0 }}
      aria-label={t("pageSize")}
      value={pageSize}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
      data-testid="pager-size"
    >
      {pageSizes.map((s) => (
        <option key={s} value={s}>
          {t("perPage", { size: s })}
        </option>
      ))}
    </select>
  );
}

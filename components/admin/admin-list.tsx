"use client";

import { antdDynamic } from "@/components/providers/antd-dynamic";
import { useLooseTranslations } from "@/lib/i18n/loose";
import { DeleteOutlined, DownloadOutlined, PlusOutlined, SettingOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Popover, Space, Tag } from "antd";
import "@/components/providers/antd-css";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useRef, useState, useSyncExternalStore, useTransition, type FormEvent, type Key, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/action";
import type { ListResult } from "@/lib/admin/resource";
import { keysetQueryParams, listQueryParams, PAGE_SIZES, type FilterValue, type Sort } from "@/lib/admin/list-query";
import { withBase } from "@/lib/client/base-path";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { PageContainer } from "@/components/ui/page-container";
import { RowActions, useFormAction } from "@/components/system/admin-kit";
import { DataTable, type DataColumn } from "@/components/list/data-table";
import { DateFilter, SelectFilter, TextFilter } from "@/components/list/record-list";
import kit from "@/components/ui/record-screen.module.css";
import type { SchemaSource } from "./schema-drawer";
import type { FieldOverride } from "./schema-form";

// The client half of the admin-screen pattern: a screen is a declaration of its search fields,
// columns, form and actions; this component draws the search form, the server-side sorted and
// paged table (state in the URL), column settings, permission-guarded row actions, bulk delete,
// export and import, and the create/edit drawer built from the action's zod schema.
// The search form is the list kit's native fields (components/list/record-list.tsx) and the
// table is components/list/data-table.tsx: antd's Form, Select, date picker and Table are not
// in the first load (issue 17's weight budgets); the drawer brings antd's form when it opens.

type Action<T = unknown> = (input: unknown) => Promise<ActionResult<T>>;

// Loaded on first use, not with the list: the create/edit drawer with its generated form and
// the import dialog (Modal, Upload, its error table). Pointing at the button that opens one
// fetches it early.
const loadDrawer = () => import("./schema-drawer").then((m) => m.SchemaDrawer);
const SchemaDrawer = antdDynamic(loadDrawer);
const loadImport = () => import("./import-dialog").then((m) => m.ImportDialog);
const ImportDialog = antdDynamic(loadImport);
const preloadDrawer = () => void loadDrawer();
const preloadImport = () => void loadImport();

export type SearchDef =
  | { name: string; type: "text"; placeholder?: string; width?: number }
  | { name: string; type: "select"; options: { value: string; label: string }[]; width?: number }
  | { name: string; type: "boolean"; width?: number }
  | { name: string; type: "dateRange" };

export type ColumnDef<Row> = {
  key: string;
  /** Default: `<labels>.fields.<key>`. */
  title?: ReactNode;
  sortable?: boolean;
  width?: number;
  align?: "left" | "right" | "center";
  /** Display kinds for plain values; `render` for anything else. */
  kind?: "text" | "bool" | "dateTime" | "localized";
  render?: (row: Row) => ReactNode;
  ellipsis?: boolean;
  /** Hidden until switched on in the column settings. */
  defaultHidden?: boolean;
};

export type RowAction = { key: string; label: string; onClick: () => void; danger?: boolean; hidden?: boolean };

export type FormDef<Row, V> = {
  /** The schema or its loader (schema-drawer.tsx, SchemaSource): a loader keeps zod out of the first load. */
  schema: SchemaSource;
  save: Action;
  fields?: Record<string, FieldOverride>;
  order?: string[];
  /** Values of a new record. */
  defaults: Partial<V>;
  /** A row as form values (id included) for editing. */
  toValues: (row: Row) => Partial<V> & { id: number | string };
  size?: number;
};

type Named = { nameEn?: string; nameZh?: string; code?: string };

const COLUMNS_EVENT = "dp:columns";
function subscribeColumns(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(COLUMNS_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(COLUMNS_EVENT, onChange);
  };
}
function readColumns(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the defaults
  }
}
function writeColumns(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage blocked: the change lasts until the page reloads at most */
  }
  window.dispatchEvent(new Event(COLUMNS_EVENT));
}

export function AdminList<Row extends object, V extends object = Record<string, unknown>>(props: {
  labels: string;
  resource?: string;
  data: ListResult<Row>;
  rowKey?: (row: Row) => Key;
  search?: SearchDef[];
  columns: ColumnDef<Row>[];
  form?: FormDef<Row, V>;
  remove?: { action: Action; name: (row: Row) => string; deletable?: (row: Row) => boolean };
  rowActions?: (row: Row) => RowAction[];
  toolbar?: ReactNode;
  /** Above the search form (e.g. a breadcrumb). */
  header?: ReactNode;
  /** A panel under a row, opened by its expand button. */
  expandedRow?: (row: Row) => ReactNode;
  scrollX?: number;
  children?: ReactNode;
}) {
  const { data, labels } = props;
  const t = useLooseTranslations(labels);
  const ta = useTranslations("Admin");
  const format = useFormatter();
  const zh = useLocale() === "zh-CN";
  const router = useRouter();
  const pathname = usePathname();
  const [pending, start] = useTransition();
  const searchRef = useRef<HTMLFormElement>(null);
  const [editing, setEditing] = useState<(Partial<V> & { id?: number | string }) | null>(null);
  const [importing, setImporting] = useState(false);
  // Mounted from the first opening on, so they can animate closed.
  const [opened, setOpened] = useState({ drawer: false, import: false });
  if ((editing && !opened.drawer) || (importing && !opened.import)) setOpened({ drawer: opened.drawer || !!editing, import: opened.import || importing });
  const submit = useFormAction(`${labels}.fields`);
  const rowKey = props.rowKey ?? ((r: Row) => (r as { id: Key }).id);
  const label = (key: string) => (t.has(`fields.${key}`) ? t(`fields.${key}`) : key);

  // Column settings, remembered per screen in this browser.
  const storeKey = `dp.columns.${props.resource ?? labels}`;
  const savedColumns = useSyncExternalStore(
    subscribeColumns,
    () => readColumns(storeKey),
    () => null,
  );
  const hidden: string[] = savedColumns ? (JSON.parse(savedColumns) as string[]) : props.columns.filter((c) => c.defaultHidden).map((c) => c.key);
  const changeHidden = (next: string[]) => writeColumns(storeKey, JSON.stringify(next));

  // The selection belongs to the rows it was made on; new rows start with none selected.
  const [selection, setSelection] = useState<{ rows: Row[]; keys: Key[] }>({ rows: [], keys: [] });
  const selected = selection.rows === data.rows ? selection.keys : [];
  const setSelected = (keys: Key[]) => setSelection({ rows: data.rows, keys });

  const push = (qs: string) => start(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  const go = (filters: Record<string, FilterValue>, sort: Sort, page = 1, pageSize = data.pageSize) => {
    // Keyset pages (lib/admin/resource.ts `keyset`): the filters and the kit's `size`, from the first page.
    push((data.keyset ? keysetQueryParams({ filters, size: pageSize }) : listQueryParams({ filters, sort, page, pageSize })).toString());
  };
  const move = (cursor: string | null) => cursor && push(keysetQueryParams({ filters: data.filters, size: data.pageSize, cursor }).toString());

  // The search form's fields hold the URL's filters (the form is keyed by them, so a new
  // query redraws it); a date range is two days, `<name>From` and `<name>To`, as in the URL.
  const filterText = (name: string) => {
    const f = data.filters[name];
    return f === undefined || typeof f === "object" ? "" : String(f);
  };
  const filterDay = (name: string, end: "from" | "to") => {
    const f = data.filters[name];
    return (typeof f === "object" && f[end]) || "";
  };
  const runSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const filters: Record<string, FilterValue> = {};
    for (const s of props.search ?? []) {
      if (s.type === "dateRange") {
        const range = { from: text(`${s.name}From`) || null, to: text(`${s.name}To`) || null };
        if (range.from || range.to) filters[s.name] = range;
      } else if (text(s.name)) filters[s.name] = text(s.name);
    }
    go(filters, data.sort);
  };
  const resetSearch = () => {
    searchRef.current?.reset();
    go({}, data.sort);
  };

  const openEdit = (values: Partial<V> & { id?: number | string }) => setEditing({ ...values });

  const removeRows = async (rows: Row[]) => {
    if (!props.remove || !rows.length) return;
    const one = rows.length === 1;
    const ok = await confirmDialog({
      title: one ? ta("confirmDelete", { name: props.remove.name(rows[0]) }) : ta("confirmBulkDelete", { count: rows.length }),
      content: ta("cannotUndo"),
      danger: true,
      okText: ta("delete"),
      cancelText: ta("cancel"),
    });
    if (!ok) return;
    const res = await props.remove.action({ ids: rows.map(rowKey) });
    if (!res.ok) return void actionFailed(res);
    toast("success", ta("deleted", { count: rows.length }));
    setSelected([]);
    router.refresh();
  };

  const cell = (c: ColumnDef<Row>, row: Row): ReactNode => {
    if (c.render) return c.render(row);
    const v = (row as Record<string, unknown>)[c.key];
    if (c.kind === "localized") {
      const n = row as Named;
      return (zh ? n.nameZh : n.nameEn) ?? "—";
    }
    if (c.kind === "bool") return v ? <Tag color="green">{ta("yes")}</Tag> : <Tag>{ta("no")}</Tag>;
    if (c.kind === "dateTime") return v ? format.dateTime(new Date(String(v)), { dateStyle: "medium", timeStyle: "short" }) : "—";
    return v === null || v === undefined || v === "" ? "—" : String(v);
  };

  const canEdit = !!props.form && data.can.update;
  const canDelete = !!props.remove && data.can.delete;
  const columns: DataColumn<Row>[] = [
    ...props.columns
      .filter((c) => !hidden.includes(c.key))
      .map((c) => ({
        key: c.key,
        title: c.title ?? label(c.key),
        width: c.width,
        align: c.align,
        ellipsis: c.ellipsis,
        // A keyset list keeps its one order (the one its indexes serve).
        sortable: c.sortable && !data.keyset,
        render: (_: unknown, row: Row) => cell(c, row),
      })),
    ...(canEdit || canDelete || props.rowActions
      ? [
          {
            key: "_actions",
            title: ta("actions"),
            width: 200,
            fixedRight: true,
            render: (_: unknown, row: Row) => (
              <RowActions
                items={[
                  ...(props.form ? [{ key: "edit", label: ta("edit"), hidden: !canEdit, onClick: () => openEdit(props.form!.toValues(row)) }] : []),
                  ...(props.rowActions?.(row) ?? []),
                  ...(props.remove
                    ? [
                        {
                          key: "delete",
                          label: ta("delete"),
                          danger: true,
                          hidden: !canDelete || (props.remove.deletable ? !props.remove.deletable(row) : false),
                          onClick: () => void removeRows([row]),
                        },
                      ]
                    : []),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  const exportQs = listQueryParams({ filters: data.filters }).toString();
  const selectedRows = data.rows.filter((r) => selected.includes(rowKey(r)));

  return (
    <PageContainer
      title={t("title")}
      description={t.has("description") ? t("description") : undefined}
      extra={
        <Space style={{ flex: "none" }}>
          {props.toolbar}
          {data.can.import && props.resource && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} onPointerEnter={preloadImport} onFocus={preloadImport} data-testid="import">
              {ta("import")}
            </Button>
          )}
          {data.can.export && props.resource && (
            <Button icon={<DownloadOutlined />} href={withBase(`/api/v1/admin/${props.resource}/export${exportQs ? `?${exportQs}` : ""}`)} data-testid="export">
              {ta("export")}
            </Button>
          )}
          {props.form && data.can.create && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => openEdit({ ...props.form!.defaults })}
              onPointerEnter={preloadDrawer}
              onFocus={preloadDrawer}
              data-testid="create"
            >
              {ta("create")}
            </Button>
          )}
        </Space>
      }
    >
      {props.header}
      {props.search?.length ? (
        <form ref={searchRef} key={exportQs} onSubmit={runSearch} className={kit.filters} style={{ marginBottom: 16 }} data-testid="search-form">
          {props.search.map((s) =>
            s.type === "text" ? (
              <TextFilter
                key={s.name}
                id={s.name}
                name={s.name}
                label={label(s.name)}
                value={filterText(s.name)}
                maxLength={100}
                placeholder={s.placeholder}
                style={{ width: s.width ?? 200 }}
              />
            ) : s.type === "select" || s.type === "boolean" ? (
              <SelectFilter
                key={s.name}
                id={s.name}
                name={s.name}
                label={label(s.name)}
                value={filterText(s.name)}
                any={ta("all")}
                style={{ width: s.width ?? (s.type === "boolean" ? 120 : 160) }}
                options={
                  s.type === "boolean"
                    ? [
                        { value: "true", label: ta("yes") },
                        { value: "false", label: ta("no") },
                      ]
                    : s.options
                }
              />
            ) : (
              <fieldset key={s.name} className={kit.field} style={{ border: 0, padding: 0, margin: 0 }}>
                <legend style={{ padding: 0, marginBottom: 4 }}>{label(s.name)}</legend>
                <span style={{ display: "flex", gap: 8 }}>
                  <DateFilter id={`${s.name}From`} name={`${s.name}From`} label={ta("from")} value={filterDay(s.name, "from")} />
                  <DateFilter id={`${s.name}To`} name={`${s.name}To`} label={ta("to")} value={filterDay(s.name, "to")} />
                </span>
              </fieldset>
            ),
          )}
          <div className={kit.buttons}>
            <button type="submit" className={kit.buttonPrimary} data-testid="search">
              {ta("search")}
            </button>
            <button type="button" className={kit.button} onClick={resetSearch} data-testid="reset">
              {ta("reset")}
            </button>
          </div>
        </form>
      ) : null}

      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", marginBottom: 8, gap: 8 }}>
        <div>
          {canDelete && (
            <Button danger icon={<DeleteOutlined />} disabled={!selectedRows.length} onClick={() => void removeRows(selectedRows)} data-testid="bulk-delete">
              {ta("bulkDelete", { count: selectedRows.length })}
            </Button>
          )}
        </div>
        <Popover
          trigger="click"
          placement="bottomRight"
          title={ta("columns")}
          content={
            <div data-testid="column-settings" style={{ display: "flex", flexDirection: "column", gap: 4 }}>
              {props.columns.map((c) => (
                <label key={c.key} style={{ display: "flex", gap: 8, alignItems: "center" }}>
                  <input
                    type="checkbox"
                    style={{ accentColor: "#237804" }}
                    checked={!hidden.includes(c.key)}
                    onChange={(e) => changeHidden(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
                  />
                  {c.title ?? label(c.key)}
                </label>
              ))}
              <Button
                type="link"
                size="small"
                style={{ padding: 0, marginTop: 8, alignSelf: "flex-start" }}
                onClick={() => changeHidden(props.columns.filter((c) => c.defaultHidden).map((c) => c.key))}
              >
                {ta("columnsReset")}
              </Button>
            </div>
          }
        >
          <Button icon={<SettingOutlined />} aria-label={ta("columns")} data-testid="column-settings-button" />
        </Popover>
      </div>

      <DataTable<Row>
        rowKey={rowKey}
        columns={columns}
        rows={data.rows}
        loading={pending}
        scrollX={props.scrollX ?? 900}
        testId="admin-table"
        expandedRow={props.expandedRow}
        sort={data.sort}
        onSort={(sort) => go(data.filters, sort)}
        selection={canDelete ? { keys: selected, onChange: setSelected, disabled: props.remove?.deletable ? (r) => !props.remove!.deletable!(r) : undefined } : undefined}
        paging={
          data.keyset
            ? {
                total: data.total,
                capped: data.keyset.capped,
                pageSize: data.pageSize,
                pageSizes: PAGE_SIZES,
                hasPrev: !!data.keyset.prev,
                hasNext: !!data.keyset.next,
                onMove: (dir) => move(dir === "prev" ? data.keyset!.prev : data.keyset!.next),
                onSize: (size) => go(data.filters, data.sort, 1, size),
              }
            : {
                page: data.page,
                pageSize: data.pageSize,
                total: data.total,
                pageSizes: PAGE_SIZES,
                onChange: (page, pageSize) => go(data.filters, data.sort, pageSize !== data.pageSize ? 1 : page, pageSize),
              }
        }
      />

      {props.form && opened.drawer && (
        <SchemaDrawer
          title={editing?.id ? t("editTitle") : t("createTitle")}
          open={!!editing}
          values={editing}
          onClose={() => setEditing(null)}
          size={props.form.size}
          testId="edit-drawer"
          onSubmit={async (v, form, schema) => !!(await submit(form, schema, props.form!.save, { ...v, id: editing?.id }))}
          schema={props.form.schema}
          labels={labels}
          fields={props.form.fields}
          order={props.form.order}
        />
      )}
      {props.resource && data.can.import && opened.import && (
        <ImportDialog open={importing} onClose={() => setImporting(false)} resource={props.resource} title={t("title")} hint={t.has("importHint") ? t("importHint") : undefined} />
      )}
      {props.children}
    </PageContainer>
  );
}

"use client";

import { useLooseTranslations } from "@/lib/i18n/loose";
import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, SettingOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Checkbox, Form, Input, Popover, Select, Space, Table, Tag, type FormInstance, type TableColumnsType, type TableProps } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useMemo, useState, useSyncExternalStore, useTransition, type Key, type ReactNode } from "react";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/action";
import type { ListResult } from "@/lib/admin/resource";
import { listQueryParams, PAGE_SIZES, type FilterValue, type Sort } from "@/lib/admin/list-query";
import { withBase } from "@/lib/client/base-path";
import { confirmDialog, toast } from "@/components/ui/feedback";
import { PageContainer } from "@/components/ui/page-container";
import { RowActions, useFormAction } from "@/components/system/admin-kit";
import type { FieldOverride } from "./schema-form";

// The client half of the admin-screen pattern: a screen is a declaration of its search fields,
// columns, form and actions; this component draws the search form, the server-side sorted and
// paged table (state in the URL), column settings, permission-guarded row actions, bulk delete,
// export and import, and the create/edit drawer built from the action's zod schema.

type Action<T = unknown> = (input: unknown) => Promise<ActionResult<T>>;

// Loaded on first use, not with the list: the create/edit drawer with its generated form, the
// import dialog (Modal, Upload, its error table) and the date-range picker (rc-picker and
// dayjs's plugins, only screens with a date filter draw it). Pointing at the button that
// opens one fetches it early.
const loadDrawer = () => import("./schema-drawer").then((m) => m.SchemaDrawer);
const SchemaDrawer = dynamic(loadDrawer, { ssr: false });
const loadImport = () => import("./import-dialog").then((m) => m.ImportDialog);
const ImportDialog = dynamic(loadImport, { ssr: false });
const DateRangeFilter = dynamic(() => import("./date-range-filter").then((m) => m.DateRangeFilter), { ssr: false, loading: () => <Input disabled style={{ width: 256 }} /> });
const preloadDrawer = () => void loadDrawer();
const preloadImport = () => void loadImport();

export type SearchDef =
  | { name: string; type: "text"; placeholder?: string; width?: number }
  | { name: string; type: "select"; options: { value: string; label: ReactNode }[]; width?: number }
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
  schema: z.ZodType;
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
  expandable?: TableProps<Row>["expandable"];
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
  const [searchForm] = Form.useForm();
  const [editForm] = Form.useForm<V>();
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

  const go = (filters: Record<string, FilterValue>, sort: Sort, page = 1, pageSize = data.pageSize) => {
    const qs = listQueryParams({ filters, sort, page, pageSize }).toString();
    start(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };

  const searchValues = useMemo(() => {
    const v: Record<string, unknown> = {};
    for (const s of props.search ?? []) {
      const f = data.filters[s.name];
      if (f === undefined) continue;
      if (s.type === "dateRange" && typeof f === "object") v[s.name] = [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null];
      else v[s.name] = typeof f === "boolean" ? String(f) : f;
    }
    return v;
  }, [data.filters, props.search]);
  useEffect(() => searchForm.setFieldsValue(searchValues), [searchForm, searchValues]);

  const runSearch = () => {
    const v = searchForm.getFieldsValue() as Record<string, unknown>;
    const filters: Record<string, FilterValue> = {};
    for (const s of props.search ?? []) {
      const x = v[s.name];
      if (s.type === "dateRange") {
        const r = x as [Dayjs | null, Dayjs | null] | null;
        if (r && (r[0] || r[1])) filters[s.name] = { from: r[0]?.format("YYYY-MM-DD") ?? null, to: r[1]?.format("YYYY-MM-DD") ?? null };
      } else if (typeof x === "string" && x.trim()) filters[s.name] = x.trim();
    }
    go(filters, data.sort);
  };

  const openEdit = (values: Partial<V> & { id?: number | string }) => {
    setEditing(values);
    editForm.resetFields();
    editForm.setFieldsValue(values as Parameters<typeof editForm.setFieldsValue>[0]);
  };

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
    if (!res.ok) return void toast("error", res.message);
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
  const columns: TableColumnsType<Row> = [
    ...props.columns
      .filter((c) => !hidden.includes(c.key))
      .map((c) => ({
        key: c.key,
        dataIndex: c.key,
        title: c.title ?? label(c.key),
        width: c.width,
        align: c.align,
        ellipsis: c.ellipsis,
        sorter: c.sortable,
        sortOrder: c.sortable && data.sort.field === c.key ? (data.sort.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null,
        sortDirections: ["ascend" as const, "descend" as const],
        render: (_: unknown, row: Row) => cell(c, row),
      })),
    ...(canEdit || canDelete || props.rowActions
      ? [
          {
            key: "_actions",
            title: ta("actions"),
            width: 200,
            fixed: "right" as const,
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
        <Form form={searchForm} layout="inline" onFinish={runSearch} style={{ marginBottom: 16, rowGap: 12 }} data-testid="search-form" initialValues={searchValues}>
          {props.search.map((s) => (
            <Form.Item key={s.name} name={s.name} label={label(s.name)}>
              {s.type === "text" ? (
                <Input allowClear placeholder={s.placeholder} style={{ width: s.width ?? 200 }} maxLength={100} />
              ) : s.type === "select" ? (
                <Select allowClear showSearch={{ optionFilterProp: "label" }} options={s.options} style={{ width: s.width ?? 160 }} placeholder={ta("all")} />
              ) : s.type === "boolean" ? (
                <Select
                  allowClear
                  style={{ width: s.width ?? 120 }}
                  placeholder={ta("all")}
                  options={[
                    { value: "true", label: ta("yes") },
                    { value: "false", label: ta("no") },
                  ]}
                />
              ) : (
                <DateRangeFilter />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search">
                {ta("search")}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={() => (searchForm.resetFields(), go({}, data.sort))}>
                {ta("reset")}
              </Button>
            </Space>
          </Form.Item>
        </Form>
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
            <div data-testid="column-settings">
              <Checkbox.Group
                style={{ display: "flex", flexDirection: "column", gap: 4 }}
                value={props.columns.map((c) => c.key).filter((k) => !hidden.includes(k))}
                onChange={(shown) => changeHidden(props.columns.map((c) => c.key).filter((k) => !(shown as string[]).includes(k)))}
                options={props.columns.map((c) => ({ value: c.key, label: c.title ?? label(c.key) }))}
              />
              <Button type="link" size="small" style={{ padding: 0, marginTop: 8 }} onClick={() => changeHidden(props.columns.filter((c) => c.defaultHidden).map((c) => c.key))}>
                {ta("columnsReset")}
              </Button>
            </div>
          }
        >
          <Button icon={<SettingOutlined />} aria-label={ta("columns")} data-testid="column-settings-button" />
        </Popover>
      </div>

      <Table<Row>
        rowKey={rowKey}
        columns={columns}
        dataSource={data.rows}
        size="middle"
        loading={pending}
        scroll={{ x: props.scrollX ?? 900 }}
        data-testid="admin-table"
        expandable={props.expandable}
        rowSelection={
          canDelete
            ? { selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (r) => ({ disabled: props.remove?.deletable ? !props.remove.deletable(r) : false }) }
            : undefined
        }
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort: Sort = s?.order && s.columnKey ? { field: String(s.columnKey), order: s.order === "descend" ? "desc" : "asc" } : data.sort;
          const sortChanged = sort.field !== data.sort.field || sort.order !== data.sort.order;
          const sizeChanged = p.pageSize !== data.pageSize;
          go(data.filters, sort, sortChanged || sizeChanged ? 1 : (p.current ?? 1), p.pageSize ?? data.pageSize);
        }}
        pagination={{
          current: data.page,
          pageSize: data.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZES],
          showTotal: (total) => ta("total", { total }),
        }}
      />

      {props.form && opened.drawer && (
        <SchemaDrawer
          title={editing?.id ? t("editTitle") : t("createTitle")}
          open={!!editing}
          form={editForm as FormInstance}
          onClose={() => setEditing(null)}
          size={props.form.size}
          testId="edit-drawer"
          onSubmit={async (v) => !!(await submit(editForm, props.form!.schema, props.form!.save, { ...v, id: editing?.id }))}
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

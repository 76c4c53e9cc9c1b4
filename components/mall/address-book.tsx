import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import type { ListResult } from "@/lib/admin/resource";
import { listQueryParams, type Sort } from "@/lib/admin/list-query";
import type { AddressRow } from "@/lib/mall/addresses/service";
import { EmptyState, FilterForm, ListHeader, PageLinks, SortHeader, TextFilter } from "@/components/list/record-list";
import { SelectAll, SelectionScope, SelectRow } from "@/components/list/selection";
import styles from "@/components/ui/record-screen.module.css";
import { AddressBulkDelete, AddressCreateButton, AddressRowActions } from "./address-actions";
import own from "./mall-list.module.css";

// onlineMall/adress — the dealer's delivery addresses, one of them the default, as
// server-rendered HTML: a GET form for the keyword, a plain table with sort links, simple
// pages (a company keeps at most MAX_ADDRESSES: lib/mall/addresses/service.ts). What a person
// does is small islands (./address-actions.tsx): the drawer with its form and the region
// picker loads on the first click. Staff in scope read the book with a company column.

const ROUTE = "onlineMall/adress";

export async function AddressBook({ data }: { data: ListResult<AddressRow> & { dealer: boolean } }) {
  const [t, tl, ta, tt, format, locale] = await Promise.all([
    getTranslations("AddressBook"),
    getTranslations("AddressBook.list"),
    getTranslations("Admin"),
    getTranslations("Common.table"),
    getFormatter(),
    getLocale(),
  ]);
  const zh = locale === "zh-CN";
  const query = (q: { sort?: Sort; page?: number }) => {
    const qs = listQueryParams({ filters: data.filters, sort: q.sort ?? data.sort, page: q.page ?? 1, pageSize: data.pageSize }).toString();
    return qs ? `/${ROUTE}?${qs}` : `/${ROUTE}`;
  };
  const keyword = typeof data.filters.keyword === "string" ? data.filters.keyword : "";
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const canEdit = data.can.update;
  const canDelete = data.can.delete;
  const actions = canEdit || canDelete;
  // Every area shown on the page, so the edit form's cascader shows an address's area at once.
  const known = data.rows.flatMap((r) => r.area);
  const sortBy = (field: string) => <SortHeader label={t(`fields.${field}` as "fields.receiver")} field={field} sort={data.sort} href={(sort) => query({ sort })} />;
  const body = (
    <section className={styles.card}>
      {canDelete && (
        <div className={own.toolbar}>
          <AddressBulkDelete />
        </div>
      )}
      {data.rows.length === 0 ? (
        <EmptyState id="address">{t("list.empty")}</EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="address-table">
            <thead>
              <tr>
                {canDelete && (
                  <th className={own.checkCell}>
                    <SelectAll label={t("list.selectAll")} />
                  </th>
                )}
                <th>{sortBy("receiver")}</th>
                <th>{t("fields.phone")}</th>
                <th>{t("fields.area")}</th>
                <th>{t("fields.address")}</th>
                <th>{t("fields.isDefault")}</th>
                {!data.dealer && <th>{t("fields.company")}</th>}
                <th>{sortBy("updatedAt")}</th>
                {actions && <th>{ta("actions")}</th>}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.id} data-row-key={r.id} data-testid="address-row">
                  {canDelete && (
                    <td className={own.checkCell}>
                      <SelectRow id={r.id} label={t("list.selectRow", { name: r.receiver })} />
                    </td>
                  )}
                  <td className={styles.nowrap}>{r.receiver}</td>
                  <td className={styles.nowrap}>{r.phone}</td>
                  <td>{r.area.map((a) => (zh ? a.nameZh : a.nameEn)).join(" / ")}</td>
                  <td className={own.wide}>{r.address}</td>
                  <td>
                    {r.isDefault ? (
                      <span className={styles.tag} data-color="green" data-testid="default-tag">
                        {t("default")}
                      </span>
                    ) : null}
                  </td>
                  {!data.dealer && <td className={styles.nowrap}>{r.company}</td>}
                  <td className={styles.nowrap}>{format.dateTime(new Date(r.updatedAt), { dateStyle: "medium", timeStyle: "short" })}</td>
                  {actions && (
                    <td>
                      <AddressRowActions
                        row={{ id: r.id, receiver: r.receiver, phone: r.phone, area: r.area, address: r.address, isDefault: r.isDefault }}
                        known={known}
                        can={{ update: canEdit, delete: canDelete }}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks id="address" t={tt} href={(page) => query({ page })} page={data.page} pages={pages} total={data.total} />
    </section>
  );

  return (
    <div className={styles.screen} data-testid="address-book">
      <ListHeader title={t("title")} intro={t("description")}>
        {data.can.create && <AddressCreateButton first={data.total === 0} known={known} />}
      </ListHeader>
      <FilterForm action={`/${ROUTE}`} id="address" t={tl} formKey={keyword}>
        <TextFilter
          id="address-keyword"
          label={t("fields.keyword")}
          name="keyword"
          value={keyword}
          maxLength={50}
          placeholder={t("keywordPlaceholder")}
          style={{ minWidth: 240 }}
        />
        {/* A search keeps the chosen order. */}
        {(data.sort.field !== "updatedAt" || data.sort.order !== "desc") && (
          <>
            <input type="hidden" name="sort" value={data.sort.field} />
            <input type="hidden" name="order" value={data.sort.order} />
          </>
        )}
      </FilterForm>
      {canDelete ? <SelectionScope ids={data.rows.map((r) => r.id)}>{body}</SelectionScope> : body}
    </div>
  );
}

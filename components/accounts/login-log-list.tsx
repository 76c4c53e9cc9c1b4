import { getFormatter, getTranslations } from "next-intl/server";
import { LOGIN_LOG_SIZES, loginLogQuery, type LoginLogPage } from "@/lib/accounts/login-log-queries";
import { DateRangeFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import { ExportButton } from "@/components/list/export-button";
import styles from "@/components/ui/record-screen.module.css";

// system/loginLog as server-rendered HTML on the list kit: account, result and day filters, the
// newest attempts first with keyset "newer / older" links, and the export of what is filtered.

const ROUTE = "system/loginLog";

export async function LoginLogList({ page, canExport }: { page: LoginLogPage; canExport: boolean }) {
  const [t, format] = await Promise.all([getTranslations("LoginLog"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${loginLogQuery(f, extra)}`;
  const id = (name: string) => `login-log-${name}`;
  return (
    <div className={styles.screen} data-testid="login-log">
      <ListHeader title={t("title")} intro={t("description")}>
        {canExport && <ExportButton href={`/api/v1/login-log/export${loginLogQuery({ ...f, size: undefined })}`} label={t("export")} testId="login-log-export" />}
      </ListHeader>

      <FilterForm action={`/${ROUTE}`} id="login-log" t={t} formKey={loginLogQuery(f)}>
        <TextFilter id={id("account")} label={t("account")} name="account" value={f.account} maxLength={50} placeholder={t("accountPlaceholder")} spellCheck={false} />
        <SelectFilter
          id={id("result")}
          label={t("result")}
          name="result"
          value={f.result}
          any={t("all")}
          testId="login-log-result"
          options={[
            { value: "SUCCESS", label: t("results.SUCCESS") },
            { value: "FAILURE", label: t("results.FAILURE") },
          ]}
        />
        <DateRangeFilter id={id} labels={{ from: t("startDate"), to: t("endDate") }} from={f.from} to={f.to} />
        <SizeFilter id={id("size")} label={t("size")} value={f.size} sizes={LOGIN_LOG_SIZES} />
      </FilterForm>

      <ListResults
        id="login-log"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("time")}</th>
            <th>{t("account")}</th>
            <th>{t("result")}</th>
            <th>{t("reason")}</th>
            <th>{t("company")}</th>
            <th>{t("ip")}</th>
            <th>{t("userAgent")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-row-key={r.id} data-result={r.result}>
            <td className={styles.nowrap}>{format.dateTime(new Date(r.createdAt), { dateStyle: "medium", timeStyle: "medium" })}</td>
            <td className={styles.nowrap}>{r.account}</td>
            <td>
              <span className={styles.tag} data-color={r.result === "SUCCESS" ? "green" : "red"}>
                {t(`results.${r.result}`)}
              </span>
            </td>
            <td>{t.has(`reasons.${r.reason}` as "reasons.SUCCESS") ? t(`reasons.${r.reason}` as "reasons.SUCCESS") : r.reason}</td>
            <td>{r.company ?? "—"}</td>
            <td className={styles.nowrap}>{r.ip ?? "—"}</td>
            <td className={styles.clip} title={r.userAgent ?? undefined}>
              {r.userAgent ?? "—"}
            </td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}

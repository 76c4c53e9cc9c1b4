import { getFormatter, getTranslations } from "next-intl/server";
import { SMS_SIZES, smsQuery, type SmsPage } from "@/lib/accounts/sms-queries";
import { FilterForm, ListHeader, ListResults, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";

// system/smsOutbox as server-rendered HTML on the list kit: the texts the platform sent, newest
// first, filtered by the number's first digits, with keyset "newer / older" links.

const ROUTE = "system/smsOutbox";

export async function SmsOutboxList({ page }: { page: SmsPage }) {
  const [t, format] = await Promise.all([getTranslations("SmsOutbox"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${smsQuery(f, extra)}`;
  const scene = (v: string) => (v === "REGISTER" || v === "RESET_PASSWORD" ? t(`scenes.${v}`) : v);
  return (
    <div className={styles.screen} data-testid="sms-outbox">
      <ListHeader title={t("title")} intro={t("description")} />

      <FilterForm action={`/${ROUTE}`} id="sms" t={t} formKey={smsQuery(f)}>
        <TextFilter id="sms-phone" label={t("phone")} name="phone" value={f.phone} maxLength={20} placeholder={t("phonePlaceholder")} spellCheck={false} />
        <SizeFilter id="sms-size" label={t("size")} value={f.size} sizes={SMS_SIZES} />
      </FilterForm>

      <ListResults
        id="sms"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("time")}</th>
            <th>{t("phone")}</th>
            <th>{t("scene")}</th>
            <th>{t("content")}</th>
            <th>{t("sender")}</th>
            <th>{t("status")}</th>
          </>
        }
      >
        {page.rows.map((r) => (
          <tr key={r.id} data-row-key={r.id} data-status={r.status}>
            <td className={styles.nowrap}>{format.dateTime(new Date(r.createdAt), { dateStyle: "medium", timeStyle: "medium" })}</td>
            <td className={styles.nowrap}>{r.phone}</td>
            <td>{scene(r.scene)}</td>
            <td>
              {r.content}
              {r.error && (
                <div style={{ color: "#cf1322", fontSize: 12 }}>
                  {t("error")}: {r.error}
                </div>
              )}
            </td>
            <td>{r.sender}</td>
            <td>
              <span className={styles.tag} data-color={r.status === "SENT" ? "green" : "red"}>
                {t(`statuses.${r.status}`)}
              </span>
            </td>
          </tr>
        ))}
      </ListResults>
    </div>
  );
}

import { getLocale, getTranslations } from "next-intl/server";
import { ListHeader } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import type { MyAccount } from "@/lib/account/queries";
import { MyDevices } from "@/components/devices/my-devices";
import type { MyDevice } from "@/lib/devices/queries";
import type { MyWechat } from "@/lib/wechat/binding";
import { dateToMinute } from "@/lib/vehicles/schemas";
import { EndSessionButton, PasswordForm, PhoneForm, ProfileForm, SignOutEverywhereButton } from "./account-forms";
import { deviceOf } from "./device";
import own from "./account.module.css";
import { WechatCard } from "./wechat-card";

// system/account — My account, from the user menu: profile (name; a new phone proven by an SMS
// code), password (the current one first; every other session ends), open sessions (end one,
// or sign out everywhere), the mobile devices (sign one out: components/devices/my-devices.tsx),
// the WeChat binding (components/account/wechat-card.tsx)
// and the recent sign-in attempts at the account. Server HTML with
// small client islands for the forms; no antd.

export async function AccountView({
  data,
  minLength,
  devices,
  wechat,
}: {
  data: MyAccount;
  minLength: number;
  devices: MyDevice[];
  wechat: MyWechat & { result?: string; reason?: string };
}) {
  const [t, tLog, locale] = await Promise.all([getTranslations("MyAccount"), getTranslations("LoginLog"), getLocale()]);
  const zh = locale === "zh-CN";
  const when = (d: Date) => dateToMinute(d);
  // The login log's own wording of each result (system/loginLog).
  const reasonText = (reason: string) => (tLog.has(`reasons.${reason}` as "reasons.SUCCESS") ? tLog(`reasons.${reason}` as "reasons.SUCCESS") : reason);

  return (
    <div className={styles.screen} data-testid="my-account">
      <ListHeader title={t("title")} intro={t("description")} />

      <section className={styles.card} aria-labelledby="account-profile">
        <h2 className={styles.sectionTitle} id="account-profile">
          {t("profile")}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t("fields.account")}</dt>
            <dd data-testid="account-account">{data.account}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t("fields.userType")}</dt>
            <dd>{t("userType", { type: data.userType })}</dd>
          </div>
          {data.companies.length > 0 && (
            <div className={styles.fact}>
              <dt>{t("fields.companies")}</dt>
              <dd>{data.companies.map((c) => `${c.code} ${zh ? c.nameZh : c.nameEn}`).join(", ")}</dd>
            </div>
          )}
          <div className={styles.fact}>
            <dt>{t("fields.phone")}</dt>
            <dd data-testid="account-phone">{data.phone ?? t("noPhone")}</dd>
          </div>
        </dl>
        <div className={own.forms}>
          <ProfileForm name={data.name} />
          <PhoneForm />
        </div>
      </section>

      <section className={styles.card} aria-labelledby="account-password">
        <h2 className={styles.sectionTitle} id="account-password">
          {t("password")}
        </h2>
        <p className={styles.muted}>{t("passwordHint", { min: minLength })}</p>
        <PasswordForm minLength={minLength} />
      </section>

      <section className={styles.card} aria-labelledby="account-sessions">
        <div className={own.sectionHead}>
          <h2 className={styles.sectionTitle} id="account-sessions">
            {t("sessions")}
          </h2>
          <SignOutEverywhereButton />
        </div>
        <ul className={own.list} data-testid="account-sessions">
          {data.sessions.map((s) => (
            <li key={s.handle} className={own.item} data-testid="account-session" data-current={s.current}>
              <div>
                <strong>{deviceOf(s.userAgent) ?? t("unknownDevice")}</strong>
                {s.current && (
                  <span className={styles.tag} data-color="green">
                    {t("thisDevice")}
                  </span>
                )}
                <div className={styles.muted}>
                  {t("sessionLine", { since: when(s.createdAt), seen: when(s.lastSeenAt), ip: s.ip ?? "—" })}
                  {s.company && ` · ${s.company}`}
                </div>
              </div>
              {!s.current && <EndSessionButton handle={s.handle} />}
            </li>
          ))}
        </ul>
      </section>

      <MyDevices devices={devices} />

      <WechatCard wechat={wechat} result={wechat.result} reason={wechat.reason} />

      <section className={styles.card} aria-labelledby="account-sign-ins">
        <h2 className={styles.sectionTitle} id="account-sign-ins">
          {t("signIns")}
        </h2>
        <p className={styles.muted}>{t("signInsHint", { count: data.signIns.length })}</p>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="account-sign-ins">
            <thead>
              <tr>
                <th>{t("fields.signedInAt")}</th>
                <th>{t("fields.result")}</th>
                <th className="dp-wide">{t("fields.ip")}</th>
                <th className="dp-wide">{t("fields.device")}</th>
              </tr>
            </thead>
            <tbody>
              {data.signIns.map((r) => (
                <tr key={r.id} data-testid="account-sign-in" data-ok={r.ok}>
                  <td className={styles.nowrap}>{when(r.at)}</td>
                  <td>
                    <span className={styles.tag} data-color={r.ok ? "green" : "red"}>
                      {reasonText(r.reason)}
                    </span>
                  </td>
                  <td className={`${styles.nowrap} dp-wide`}>{r.ip ?? "—"}</td>
                  <td className="dp-wide">{deviceOf(r.userAgent) ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

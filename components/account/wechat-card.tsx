import { getTranslations } from "next-intl/server";
import styles from "@/components/ui/record-screen.module.css";
import { BASE_PATH } from "@/lib/client/base-path";
import type { MyWechat } from "@/lib/wechat/binding";
import { dateToMinute } from "@/lib/vehicles/schemas";
import { WechatNotifySwitch, WechatUnbindButton } from "./wechat-actions";
import own from "./account.module.css";

// My account's "WeChat" card: whether the user's WeChat is bound to the official account, Bind (a
// plain link to /api/wechat/bind, which goes through WeChat's authorization and comes back here
// with ?wechat=bound | error&reason=…), Unbind and the channel's switch (small islands). Server HTML.

const BIND_HREF = `${BASE_PATH}/api/wechat/bind`;
const REASONS = ["noApp", "state", "denied", "exchange", "taken"] as const;

export async function WechatCard({ wechat, result, reason }: { wechat: MyWechat; result?: string; reason?: string }) {
  const t = await getTranslations("MyAccount.wechat");
  const why = REASONS.find((r) => r === reason) ?? "exchange";
  const b = wechat.binding;
  return (
    <section className={styles.card} aria-labelledby="account-wechat" data-testid="account-wechat" data-bound={!!b}>
      <div className={own.sectionHead}>
        <h2 className={styles.sectionTitle} id="account-wechat">
          {t("title")}
        </h2>
        {b ? (
          <span className={styles.tag} data-color="green" data-testid="account-wechat-state">
            {t("bound")}
          </span>
        ) : (
          <span className={styles.tag} data-color="default" data-testid="account-wechat-state">
            {t("notBound")}
          </span>
        )}
      </div>
      {result === "bound" && (
        <p role="status" className={styles.muted} data-testid="account-wechat-result" data-result="bound">
          {t("result.bound")}
        </p>
      )}
      {result === "error" && (
        <p role="alert" className={own.error} data-testid="account-wechat-result" data-result="error">
          {t(`result.${why}`)}
        </p>
      )}
      <p className={styles.muted}>{t("hint")}</p>
      {!wechat.available && !b ? (
        <p data-testid="account-wechat-unavailable">{t("unavailable")}</p>
      ) : b ? (
        <div className={own.wechat}>
          <p className={styles.muted}>{t("boundLine", { openId: b.openId, since: dateToMinute(b.boundAt) })}</p>
          <WechatNotifySwitch notify={b.notify} />
          <div className={styles.buttons}>
            <a className={styles.button} href={BIND_HREF} data-testid="account-wechat-rebind">
              {t("rebind")}
            </a>
            <WechatUnbindButton />
          </div>
        </div>
      ) : (
        <div className={styles.buttons}>
          <a className={styles.buttonPrimary} href={BIND_HREF} data-testid="account-wechat-bind">
            {t("bind")}
          </a>
        </div>
      )}
    </section>
  );
}

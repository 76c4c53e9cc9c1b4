import { getTranslations } from "next-intl/server";
import own from "@/components/account/account.module.css";
import styles from "@/components/ui/record-screen.module.css";
import type { MyDevice } from "@/lib/devices/queries";
import { dateToMinute } from "@/lib/vehicles/schemas";
import { MyDeviceSignOut } from "./device-actions";

// My account's "My devices": the signed-in user's mobile devices (model, platform, app version,
// last seen, state), with "Sign out" on the active ones. A list, not a table, so it reads on a
// phone; each button names its device for screen readers.

const STATE_COLOR = { ACTIVE: "green", SIGNED_OUT: "default", BLOCKED: "red" } as const;

export async function MyDevices({ devices }: { devices: MyDevice[] }) {
  const t = await getTranslations("MyDevices");
  return (
    <section className={styles.card} aria-labelledby="account-devices">
      <h2 className={styles.sectionTitle} id="account-devices">
        {t("title")}
      </h2>
      <p className={styles.muted}>{t("hint")}</p>
      {devices.length === 0 ? (
        <p data-testid="my-devices-empty">{t("none")}</p>
      ) : (
        <ul className={own.list} data-testid="my-devices">
          {devices.map((d) => {
            const device = d.model ?? t("unknownModel");
            return (
              <li key={d.id} className={own.item} data-testid="my-device" data-device={d.id} data-state={d.state}>
                <div>
                  <strong>{device}</strong>
                  <span className={styles.tag} data-color={STATE_COLOR[d.state]} data-testid="my-device-state">
                    {t(`states.${d.state}`)}
                  </span>
                  <div className={styles.muted}>
                    {t("line", {
                      platform: d.platform ? t(`platforms.${d.platform}`) : t("platforms.unknown"),
                      version: d.appVersion ?? t("noVersion"),
                      seen: dateToMinute(d.lastSeenAt),
                    })}
                  </div>
                </div>
                {d.state === "ACTIVE" && <MyDeviceSignOut id={d.id} device={device} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

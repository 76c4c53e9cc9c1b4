import { getFormatter, getTranslations } from "next-intl/server";
import { DateRangeFilter, FilterForm, ListHeader, ListResults, SelectFilter, SizeFilter, TextFilter } from "@/components/list/record-list";
import styles from "@/components/ui/record-screen.module.css";
import { DEVICE_SIZES, deviceQuery, type DevicePage } from "@/lib/devices/queries";
import { DEVICE_PLATFORMS, DEVICE_STATES, type DeviceState } from "@/lib/devices/schemas";
import { DeviceRowActions } from "./device-actions";

// system/userEquipment as server-rendered HTML on the list kit: account or name, platform, state
// and last-seen filters, the devices last seen first with keyset "newer / older" links, and per
// row the administrator's unbind / block / unblock island. On a phone the table keeps the user,
// the device, its state and the actions (the other columns are `dp-wide`).

const ROUTE = "system/userEquipment";
const STATE_COLOR: Record<DeviceState, string> = { ACTIVE: "green", SIGNED_OUT: "default", BLOCKED: "red" };

export async function DeviceList({ page, canUnbind, canBlock, scoped }: { page: DevicePage; canUnbind: boolean; canBlock: boolean; scoped: boolean }) {
  const [t, format] = await Promise.all([getTranslations("Devices"), getFormatter()]);
  const f = page.filters;
  const href = (extra: Record<string, string | number>) => `/${ROUTE}${deviceQuery(f, extra)}`;
  const id = (name: string) => `device-${name}`;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const actions = canUnbind || canBlock;
  return (
    <div className={styles.screen} data-testid="devices">
      <ListHeader title={t("title")} intro={scoped ? `${t("description")} ${t("scopeNote")}` : t("description")} />

      <FilterForm action={`/${ROUTE}`} id="device" t={t} formKey={deviceQuery(f)} resetTestId="device-reset">
        <TextFilter id={id("q")} label={t("q")} name="q" value={f.q} maxLength={50} placeholder={t("qPlaceholder")} spellCheck={false} testId="device-q" />
        <SelectFilter
          id={id("platform")}
          label={t("platform")}
          name="platform"
          value={f.platform}
          any={t("all")}
          testId="device-platform"
          options={DEVICE_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) }))}
        />
        <SelectFilter
          id={id("state")}
          label={t("state")}
          name="state"
          value={f.state}
          any={t("all")}
          testId="device-state"
          options={DEVICE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        <DateRangeFilter id={id} labels={{ from: t("startDate"), to: t("endDate") }} from={f.from} to={f.to} />
        <SizeFilter id={id("size")} label={t("size")} value={f.size} sizes={DEVICE_SIZES} />
      </FilterForm>

      <ListResults
        id="device"
        t={t}
        page={page}
        href={href}
        head={
          <>
            <th>{t("user")}</th>
            <th className="dp-wide">{t("platform")}</th>
            <th>{t("model")}</th>
            <th className="dp-wide">{t("os")}</th>
            <th className="dp-wide">{t("appVersion")}</th>
            <th className="dp-wide">{t("ip")}</th>
            <th className="dp-wide">{t("firstSeen")}</th>
            <th className="dp-wide">{t("lastSeen")}</th>
            <th>{t("state")}</th>
            <th className={`${styles.num} dp-wide`}>{t("openTokens")}</th>
            {actions && <th>{t("actions")}</th>}
          </>
        }
      >
        {page.rows.map((r) => {
          const device = r.model ?? t("unknownModel");
          return (
            <tr key={r.id} data-row-key={r.id} data-state={r.state} data-account={r.account}>
              <td>
                <div className={styles.nowrap}>{r.account}</div>
                <div className={styles.muted}>{r.name}</div>
              </td>
              <td className={`${styles.nowrap} dp-wide`}>{r.platform ? t(`platforms.${r.platform}`) : "—"}</td>
              <td data-testid="device-model">{device}</td>
              <td className="dp-wide">{r.os ?? "—"}</td>
              <td className={`${styles.nowrap} dp-wide`}>{r.appVersion ?? "—"}</td>
              <td className={`${styles.nowrap} dp-wide`}>{r.ip ?? "—"}</td>
              <td className={`${styles.nowrap} dp-wide`}>{when(r.firstSeenAt)}</td>
              <td className={`${styles.nowrap} dp-wide`}>{when(r.lastSeenAt)}</td>
              <td>
                <span className={styles.tag} data-color={STATE_COLOR[r.state]} data-testid="device-state-tag">
                  {t(`states.${r.state}`)}
                </span>
              </td>
              <td className={`${styles.num} dp-wide`} data-testid="device-open-tokens">
                {r.openTokens}
              </td>
              {actions && (
                <td>
                  <DeviceRowActions id={r.id} state={r.state} device={device} account={r.account} canUnbind={canUnbind} canBlock={canBlock} />
                </td>
              )}
            </tr>
          );
        })}
      </ListResults>
    </div>
  );
}

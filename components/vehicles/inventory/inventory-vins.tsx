"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import type { DictItemView } from "@/lib/dict/items";
import type { InventoryVin } from "@/lib/vehicles/inventory/queries";
import { inventoryVinsAction } from "@/lib/vehicles/inventory/actions";
import type { FactorySideStatus } from "@/lib/vehicles/inventory/schemas";
import { StatusTag } from "./status-tag";
import styles from "./inventory.module.css";

type Props = {
  goodsId: number;
  /** The group's name, for the panel's label. */
  name: string;
  /** Vehicles the panel will list (the counts the row shows). */
  total: number;
  /** The list's status filter, kept in the panel. */
  status: FactorySideStatus | null;
  statuses: DictItemView[];
};

/** Staff: a group's VINs at the factory side, loaded when the row is opened, 50 at a time with
 * "Load more". Each VIN opens the vehicle's information and history. */
export function InventoryVins({ goodsId, name, total, status, statuses }: Props) {
  const t = useTranslations("VehicleInventory.vins");
  const locale = useLocale();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<InventoryVin[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const load = (after: string | null) =>
    start(async () => {
      setError(null);
      const res = await inventoryVinsAction({ goodsId, status, after });
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setRows((prev) => (after && prev ? [...prev, ...res.data.rows] : res.data.rows));
      setNext(res.data.next);
    });

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    if (opening && rows === null && !pending) load(null);
  };

  return (
    <div className={styles.vins}>
      <div className={styles.vinsHead}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} disabled={total === 0} onClick={toggle} data-testid="vins-toggle">
          <span className={styles.chevron} aria-hidden>
            ›
          </span>
          {total === 0 ? t("none") : open ? t("hide") : t("show", { count: total })}
        </button>
        {open && rows && rows.length > 0 ? (
          <span className={styles.muted} data-testid="vins-shown">
            {t("shown", { count: rows.length })}
          </span>
        ) : null}
      </div>
      {open && (
        <div id={panelId} className={styles.panel} role="region" aria-label={t("title", { name })} aria-busy={pending} data-testid="vins-panel">
          {rows === null ? (
            error ? null : (
              <p className={styles.muted} role="status">
                {t("loading")}
              </p>
            )
          ) : rows.length === 0 ? (
            <p className={styles.muted} data-testid="vins-empty">
              {t("empty")}
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="vins-table">
                <thead>
                  <tr>
                    <th>{t("columns.vin")}</th>
                    <th>{t("columns.colour")}</th>
                    <th>{t("columns.entryAt")}</th>
                    <th>{t("columns.status")}</th>
                    <th>{t("columns.orderNo")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((v) => (
                    <tr key={v.vin} data-testid="vin-row" data-vin={v.vin} data-status={v.status}>
                      <td className={styles.nowrap}>
                        <Link className={`${styles.link} ${styles.mono}`} href={`/car/vehicleInformation?vin=${v.vin}`} prefetch={false} data-testid="vin-link">
                          {v.vin}
                        </Link>
                      </td>
                      <td>{v.colour ?? "—"}</td>
                      <td className={styles.nowrap}>{v.entryAt}</td>
                      <td>
                        <StatusTag items={statuses} value={v.status} locale={locale} />
                      </td>
                      <td className={styles.nowrap}>{v.orderNo ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {error ? (
            <p className={styles.alert} role="alert" data-testid="vins-error">
              <span>{error}</span>
              <button type="button" className={styles.button} disabled={pending} onClick={() => load(rows && rows.length ? next : null)}>
                {t("retry")}
              </button>
            </p>
          ) : null}
          {next && !error ? (
            <div className={styles.panelFoot}>
              <span />
              <button type="button" className={styles.button} disabled={pending} onClick={() => load(next)} data-testid="vins-more">
                {pending ? t("loadingMore") : t("more")}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

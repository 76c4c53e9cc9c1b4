"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import type { ActionResult } from "@/lib/actions/action";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import {
  cancelDocAction,
  postEntryAction,
  postOutboundAction,
  postStocktakeAction,
  receiveTransferAction,
  recordCountsAction,
  searchGoodsAction,
  shipTransferAction,
  startCountingAction,
} from "@/lib/wms/actions";
import type { WmsMove } from "@/lib/wms/states";
import styles from "@/components/ui/record-screen.module.css";

// A document's moves: only those states.ts and the viewer allow (the services check again).
// Posting an entry chooses each line's location; receiving a transfer says what arrived and where;
// a stocktake being counted takes the counts (and goods found that the book lacks). Native
// inputs: nothing of antd loads for this bar.

type Line = { id: number; label: string; quantity: number | null; toLocationId: number | null; countedQty: number | null; vehicle: boolean };
type Found = { key: number; code: string; locationId: number | ""; countedQty: string };
type Props = { doc: { id: number; docNo: string; type: WmsDocType; moves: WmsMove[] }; lines: Line[]; locations: { id: number; code: string; name: string | null }[] };

export function DocActions({ doc, lines, locations }: Props) {
  const t = useTranslations("WmsDocs");
  const router = useRouter();
  const [pending, start] = useTransition();
  const firstLoc = locations[0]?.id ?? "";
  const [where, setWhere] = useState<Record<number, number | "">>(() => Object.fromEntries(lines.map((l) => [l.id, l.toLocationId ?? firstLoc])));
  const [got, setGot] = useState<Record<number, string>>(() => Object.fromEntries(lines.map((l) => [l.id, String(l.quantity ?? 0)])));
  const [counts, setCounts] = useState<Record<number, string>>(() => Object.fromEntries(lines.map((l) => [l.id, l.countedQty === null ? "" : String(l.countedQty)])));
  const [found, setFound] = useState<Found[]>([]);
  const { moves } = doc;
  if (moves.length === 0) return null;
  const counting = doc.type === "STOCKTAKE" && moves.includes("post");
  const placing = doc.type === "ENTRY" && moves.includes("post");
  const receiving = moves.includes("receive");

  const report = <T,>(res: ActionResult<T> | null, move: string): boolean => {
    if (!res) return (void toast("error", t("actions.failed")), false);
    if (!res.ok) {
      const first = Object.values(res.fieldErrors ?? {})[0];
      if (first) toast("error", first);
      else actionFailed(res);
      return false;
    }
    toast("success", t(`actions.done.${move as "post"}`, { docNo: doc.docNo }));
    return true;
  };

  const ask = (text: string) => confirmDialog({ title: doc.docNo, content: text, okText: t("actions.yes"), cancelText: t("actions.no") });

  const saveCounts = async (): Promise<boolean> => {
    const resolved: { goodsId: number; locationId: number; countedQty: number }[] = [];
    for (const f of found) {
      if (!f.code.trim() || f.locationId === "" || f.countedQty === "") continue;
      const res = await searchGoodsAction({ q: f.code.trim() }).catch(() => null);
      const g = res?.ok ? res.data.find((x) => x.code.toUpperCase() === f.code.trim().toUpperCase()) : undefined;
      if (!g) return (void toast("error", `${f.code}: ${t("form.noResults")}`), false);
      resolved.push({ goodsId: g.id, locationId: f.locationId, countedQty: Number(f.countedQty) });
    }
    const entered = lines.filter((l) => counts[l.id] !== "").map((l) => ({ id: l.id, countedQty: Number(counts[l.id]) }));
    const res = await recordCountsAction({ id: doc.id, counts: entered, found: resolved }).catch(() => null);
    if (!report(res, "saveCounts")) return false;
    setFound([]);
    return true;
  };

  const run = (move: WmsMove | "saveCounts") =>
    start(async () => {
      let res: ActionResult<unknown> | null = null;
      if (move === "saveCounts") {
        if (await saveCounts()) router.refresh();
        return;
      }
      if (move === "cancel") {
        if (!(await ask(t("actions.confirmCancel", { docNo: doc.docNo })))) return;
        res = await cancelDocAction({ id: doc.id, reason: null }).catch(() => null);
      } else if (move === "ship") {
        if (!(await ask(t("actions.confirmShip", { docNo: doc.docNo })))) return;
        res = await shipTransferAction({ id: doc.id }).catch(() => null);
      } else if (move === "count") {
        if (!(await ask(t("actions.confirmCount", { docNo: doc.docNo })))) return;
        res = await startCountingAction({ id: doc.id }).catch(() => null);
      } else if (move === "receive") {
        res = await receiveTransferAction({ id: doc.id, lines: lines.map((l) => ({ id: l.id, receivedQty: Number(got[l.id] || 0), toLocationId: where[l.id] })) }).catch(
          () => null,
        );
      } else if (move === "post") {
        if (!(await ask(t("actions.confirmPost", { docNo: doc.docNo })))) return;
        if (doc.type === "ENTRY") res = await postEntryAction({ id: doc.id, lines: lines.map((l) => ({ id: l.id, toLocationId: where[l.id] })) }).catch(() => null);
        else if (doc.type === "STOCKTAKE") {
          if (!(await saveCounts())) return;
          res = await postStocktakeAction({ id: doc.id }).catch(() => null);
        } else res = await postOutboundAction({ id: doc.id }).catch(() => null);
      }
      if (report(res, move)) router.refresh();
    });

  const locationSelect = (line: Line) => (
    <select
      className={styles.input}
      value={where[line.id] ?? ""}
      onChange={(e) => setWhere({ ...where, [line.id]: e.target.value ? Number(e.target.value) : "" })}
      aria-label={`${t("detail.to")} ${line.label}`}
      data-testid="wmsdoc-place-location"
    >
      <option value="">{t("detail.chooseLocation")}</option>
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.code}
          {l.name ? ` ${l.name}` : ""}
        </option>
      ))}
    </select>
  );

  return (
    <div data-testid="wmsdoc-actions" style={{ marginTop: 16 }}>
      {(placing || receiving) && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("detail.lines")}>
          <table className={styles.table} data-testid="wmsdoc-place">
            <thead>
              <tr>
                <th>{t("detail.goods")}</th>
                {receiving && <th>{t("detail.received")}</th>}
                <th>{t("detail.to")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.label}</td>
                  {receiving && (
                    <td>
                      <input
                        className={styles.input}
                        type="number"
                        min={0}
                        max={l.quantity ?? undefined}
                        value={got[l.id]}
                        onChange={(e) => setGot({ ...got, [l.id]: e.target.value })}
                        aria-label={`${t("detail.received")} ${l.label}`}
                        disabled={l.vehicle}
                        style={{ width: 100 }}
                        data-testid="wmsdoc-received"
                      />
                    </td>
                  )}
                  <td>{locationSelect(l)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {counting && (
        <>
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t("detail.counted")}>
            <table className={styles.table} data-testid="wmsdoc-counts">
              <thead>
                <tr>
                  <th>{t("detail.goods")}</th>
                  <th>{t("detail.counted")}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.id}>
                    <td>{l.label}</td>
                    <td>
                      <input
                        className={styles.input}
                        type="number"
                        min={0}
                        value={counts[l.id]}
                        onChange={(e) => setCounts({ ...counts, [l.id]: e.target.value })}
                        aria-label={`${t("detail.counted")} ${l.label}`}
                        style={{ width: 110 }}
                        data-testid="wmsdoc-count-input"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className={styles.sectionTitle} style={{ marginTop: 16 }}>
            {t("detail.foundTitle")}
          </h3>
          {found.map((f, i) => (
            <div key={f.key} className={styles.filters} data-testid="wmsdoc-found">
              <input
                className={styles.input}
                value={f.code}
                onChange={(e) => setFound(found.map((x, j) => (j === i ? { ...x, code: e.target.value } : x)))}
                placeholder={t("detail.foundGoods")}
                aria-label={t("detail.foundGoods")}
                data-testid="wmsdoc-found-code"
              />
              <select
                className={styles.input}
                value={f.locationId}
                onChange={(e) => setFound(found.map((x, j) => (j === i ? { ...x, locationId: e.target.value ? Number(e.target.value) : "" } : x)))}
                aria-label={t("detail.foundLocation")}
                data-testid="wmsdoc-found-location"
              >
                <option value="">{t("detail.chooseLocation")}</option>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.code}
                  </option>
                ))}
              </select>
              <input
                className={styles.input}
                type="number"
                min={0}
                value={f.countedQty}
                onChange={(e) => setFound(found.map((x, j) => (j === i ? { ...x, countedQty: e.target.value } : x)))}
                aria-label={t("detail.foundQty")}
                style={{ width: 100 }}
                data-testid="wmsdoc-found-qty"
              />
              <button type="button" className={styles.button} onClick={() => setFound(found.filter((_, j) => j !== i))}>
                {t("detail.removeFound")}
              </button>
            </div>
          ))}
          <p>
            <button
              type="button"
              className={styles.button}
              onClick={() => setFound([...found, { key: Date.now(), code: "", locationId: "", countedQty: "" }])}
              data-testid="wmsdoc-add-found"
            >
              {t("detail.addFound")}
            </button>
          </p>
        </>
      )}

      <div className={styles.buttons}>
        {(["count", "ship", "receive", "post"] as const)
          .filter((m) => moves.includes(m))
          .map((m) => (
            <button key={m} type="button" className={styles.buttonPrimary} disabled={pending} onClick={() => run(m)} data-testid={`wmsdoc-${m}`}>
              {t(`actions.${m}`)}
            </button>
          ))}
        {counting && (
          <button type="button" className={styles.button} disabled={pending} onClick={() => run("saveCounts")} data-testid="wmsdoc-save-counts">
            {t("actions.saveCounts")}
          </button>
        )}
        {moves.includes("cancel") && (
          <button type="button" className={styles.buttonDanger} disabled={pending} onClick={() => run("cancel")} data-testid="wmsdoc-cancel">
            {t("actions.cancel")}
          </button>
        )}
      </div>
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { DictItemView } from "@/lib/dict/items";
import styles from "@/components/ui/record-screen.module.css";

// "Record a sale" (car/vehicleSales) and "Record a return" (car/carReturn) above the lists: a
// plain button until it is first used; the recorder (antd's form and date pickers) loads then,
// or when the button is pointed at, and stays open for the next VIN.

const loadSale = () => import("./sale-recorder").then((m) => m.SaleRecorder);
const loadReturn = () => import("./return-recorder").then((m) => m.ReturnRecorder);
const SaleRecorder = antdDynamic(loadSale, Loading);
const ReturnRecorder = antdDynamic(loadReturn, Loading);

function Loading() {
  return (
    <section className={styles.card} aria-busy="true">
      <p className={styles.muted} style={{ margin: 0 }}>
        …
      </p>
    </section>
  );
}

function Opener({ title, hint, testId, load, onOpen }: { title: string; hint: string; testId: string; load: () => Promise<unknown>; onOpen: () => void }) {
  return (
    <section className={styles.card}>
      <div className={styles.head} style={{ alignItems: "center" }}>
        <p className={styles.muted} style={{ margin: 0 }}>
          {hint}
        </p>
        <button type="button" className={styles.buttonPrimary} onClick={onOpen} onPointerEnter={() => void load()} onFocus={() => void load()} data-testid={testId}>
          {title}
        </button>
      </div>
    </section>
  );
}

export function SaleRecorderPanel({ idTypes, sexes }: { idTypes: DictItemView[]; sexes: DictItemView[] }) {
  const t = useTranslations("VehicleSales.record");
  const [open, setOpen] = useState(false);
  if (open) return <SaleRecorder idTypes={idTypes} sexes={sexes} />;
  return <Opener title={t("title")} hint={t("hint")} testId="sale-open" load={loadSale} onOpen={() => setOpen(true)} />;
}

export function ReturnRecorderPanel() {
  const t = useTranslations("CarReturns.record");
  const [open, setOpen] = useState(false);
  if (open) return <ReturnRecorder />;
  return <Opener title={t("title")} hint={t("hint")} testId="return-open" load={loadReturn} onOpen={() => setOpen(true)} />;
}

"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { ZVinQuery } from "@/lib/vehicles/schemas";
import { translateIssues } from "@/lib/validation/translate";
import styles from "./vehicle-info.module.css";

// The lookup box of car/vehicleInformation: the VIN is checked in the browser by the same
// schema as the server (length, characters, check digit) before the page is asked for it.

export function VinSearch({ initial }: { initial: string }) {
  const t = useTranslations("VehicleInfo.search");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = ZVinQuery.safeParse({ vin: value });
    if (!parsed.success) {
      setError(translateIssues(parsed.error, (k, v) => tv(k, v), () => t("label"), { vin: value }).vin ?? null);
      return;
    }
    setError(null);
    start(() => router.push(`/car/vehicleInformation?vin=${encodeURIComponent(parsed.data.vin)}`));
  };

  return (
    <form className={styles.search} onSubmit={submit} role="search" noValidate data-testid="vin-search">
      <div className={styles.searchField}>
        <label className={styles.label} htmlFor="vehicle-info-vin">{t("label")}</label>
        <input
          id="vehicle-info-vin" name="vin" className={styles.input} value={value} maxLength={40} autoComplete="off" spellCheck={false} placeholder={t("placeholder")}
          aria-invalid={error ? true : undefined} aria-describedby={error ? "vehicle-info-vin-error" : undefined}
          onChange={(e) => (setValue(e.target.value), error && setError(null))} data-testid="vin-input"
        />
        {error && <p id="vehicle-info-vin-error" className={styles.error} role="alert" data-testid="vin-error">{error}</p>}
      </div>
      <button type="submit" className={styles.buttonPrimary} disabled={pending} data-testid="vin-submit">{t("submit")}</button>
    </form>
  );
}

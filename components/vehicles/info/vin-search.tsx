"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { normalizeVin, vinProblem } from "@/lib/vehicles/vin";
import styles from "./vehicle-info.module.css";

// The lookup box of car/vehicleInformation: the VIN is checked in the browser by the same
// rules as the server's zVin (length, characters, check digit) before the page is asked for
// it. It uses lib/vehicles/vin.ts directly rather than the zod schema, to keep zod out of this
// screen's bundle.

const PROBLEM_KEY = { length: "vinLength", characters: "vinCharacters", checkDigit: "vinCheckDigit" } as const;

export function VinSearch({ initial }: { initial: string }) {
  const t = useTranslations("VehicleInfo.search");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const vin = normalizeVin(value);
    const problem = vin ? vinProblem(vin) : null;
    if (!vin || problem) {
      setError(tv(problem ? PROBLEM_KEY[problem] : "required", { label: t("label") }));
      return;
    }
    setError(null);
    start(() => router.push(`/car/vehicleInformation?vin=${encodeURIComponent(vin)}`));
  };

  return (
    <form className={styles.search} onSubmit={submit} role="search" noValidate data-testid="vin-search">
      <div className={styles.searchField}>
        <label className={styles.label} htmlFor="vehicle-info-vin">
          {t("label")}
        </label>
        <input
          id="vehicle-info-vin"
          name="vin"
          className={styles.input}
          value={value}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          placeholder={t("placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "vehicle-info-vin-error" : undefined}
          onChange={(e) => (setValue(e.target.value), error && setError(null))}
          data-testid="vin-input"
        />
        {error && (
          <p id="vehicle-info-vin-error" className={styles.error} role="alert" data-testid="vin-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={styles.buttonPrimary} disabled={pending} data-testid="vin-submit">
        {t("submit")}
      </button>
    </form>
  );
}

"use client";

import { loose } from "@/lib/i18n/loose";
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from "@ant-design/icons";
import { useLocale, useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { prepareSignInAction } from "@/lib/auth/actions";
import type { CompanyOption } from "@/lib/auth/credentials";
import { signInWithCredentials } from "@/lib/client/auth-client";
import { withBase } from "@/lib/client/base-path";
import { InlineAlert } from "@/components/ui/inline-alert";
import styles from "./auth-frame.module.css";

type Step = { kind: "credentials" } | { kind: "company"; companies: CompanyOption[] };
type FieldErrors = Partial<Record<"account" | "password" | "company", string>>;

const KNOWN_ERRORS = new Set(["INVALID_CREDENTIALS", "ACCOUNT_PENDING", "ACCOUNT_DISABLED", "ACCOUNT_LOCKED", "COMPANY_REQUIRED", "COMPANY_INVALID", "RATE_LIMITED"]);

/** Sign-in: account and password, then (for a dealer group) the company to work in. Native
 * controls styled by ./auth-frame.module.css: the first screen on a phone paints without antd's
 * stylesheet or its form code (Lighthouse mobile, scripts/bench-lighthouse.ts). */
export function LoginForm({ callbackPath, initialError }: { callbackPath: string; initialError: string | null }) {
  const t = useTranslations("Login");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [companyCode, setCompanyCode] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: "credentials" });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(initialError && KNOWN_ERRORS.has(initialError) ? initialError : null);
  const [pending, startTransition] = useTransition();
  const [showPassword, setShowPassword] = useState(false);

  const validate = (): FieldErrors => {
    const e: FieldErrors = {};
    if (!account.trim()) e.account = tv("required", { label: t("account") });
    else if (account.length > 50) e.account = tv("maxLength", { label: t("account"), max: 50 });
    if (!password) e.password = tv("required", { label: t("password") });
    else if (password.length > 128) e.password = tv("maxLength", { label: t("password"), max: 128 });
    if (step.kind === "company" && !companyCode) e.company = tv("select", { label: t("company") });
    return e;
  };

  const finish = async (code?: string) => {
    const failure = await signInWithCredentials({ account, password, companyCode: code });
    if (failure) return setError(KNOWN_ERRORS.has(failure) ? failure : "UNKNOWN");
    // A full load, so every server component renders for the new session.
    window.location.assign(withBase(callbackPath));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    startTransition(async () => {
      setError(null);
      try {
        if (step.kind === "company") return await finish(companyCode ?? undefined);
        const prepared = await prepareSignInAction({ account, password });
        if (!prepared.ok) return setError(prepared.error);
        if (prepared.userType === "DEALER" && prepared.companies.length > 1) {
          setCompanyCode(prepared.lastCompanyCode ?? prepared.companies[0].code);
          return setStep({ kind: "company", companies: prepared.companies });
        }
        await finish(prepared.companies[0]?.code);
      } catch {
        setError("UNKNOWN");
      }
    });
  };

  const companyName = (c: CompanyOption) => (locale === "zh-CN" ? c.nameZh : c.nameEn);

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} name="login">
      <h2 className={styles.title}>{t("title")}</h2>
      <p className={styles.subtitle}>{step.kind === "company" ? t("companyHint") : t("subtitle")}</p>
      {error && (
        <InlineAlert type="error" testId="login-error">
          {loose(t)(`errors.${error}`)}
        </InlineAlert>
      )}

      <div hidden={step.kind === "company"}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="login_account">
            {t("account")}
          </label>
          <span className={styles.control} data-invalid={!!fieldErrors.account || undefined} data-disabled={pending || undefined}>
            <UserOutlined aria-hidden className={styles.controlIcon} />
            <input
              id="login_account"
              name="account"
              className={styles.input}
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              placeholder={t("accountPlaceholder")}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              aria-invalid={!!fieldErrors.account}
              aria-describedby="login_account_error"
              disabled={pending}
            />
          </span>
          <div id="login_account_error" className={styles.fieldError}>
            {fieldErrors.account}
          </div>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="login_password">
            {t("password")}
          </label>
          <span className={styles.control} data-invalid={!!fieldErrors.password || undefined} data-disabled={pending || undefined}>
            <LockOutlined aria-hidden className={styles.controlIcon} />
            <input
              id="login_password"
              name="password"
              type={showPassword ? "text" : "password"}
              className={styles.input}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              aria-invalid={!!fieldErrors.password}
              aria-describedby="login_password_error"
              disabled={pending}
            />
            <button
              type="button"
              className={styles.reveal}
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? t("hidePassword") : t("showPassword")}
              aria-pressed={showPassword}
              aria-controls="login_password"
              disabled={pending}
            >
              {showPassword ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
            </button>
          </span>
          <div id="login_password_error" className={styles.fieldError}>
            {fieldErrors.password}
          </div>
        </div>
      </div>

      {step.kind === "company" && (
        <fieldset className={styles.field} style={{ border: 0, padding: 0, margin: "0 0 20px" }}>
          <legend className={styles.label}>{t("company")}</legend>
          {/* Native radios: antd's Radio would cost the anonymous pages ~3 KiB of JS (budget). */}
          <div role="radiogroup" aria-label={t("company")} className={styles.companies} data-testid="company-select">
            {step.companies.map((c) => (
              <label key={c.code} className={styles.companyOption} data-checked={companyCode === c.code}>
                <input type="radio" name="company" value={c.code} checked={companyCode === c.code} onChange={() => setCompanyCode(c.code)} disabled={pending} />
                <span>{`${companyName(c)} (${c.code})`}</span>
              </label>
            ))}
          </div>
          <div className={styles.fieldError}>{fieldErrors.company}</div>
        </fieldset>
      )}

      <button type="submit" className={styles.submit} disabled={pending}>
        {pending && <span className={styles.spinner} aria-hidden />}
        {t("submit")}
      </button>
      {step.kind === "company" && (
        <button type="button" className={styles.linkButton} onClick={() => (setStep({ kind: "credentials" }), setError(null))} disabled={pending}>
          {t("back")}
        </button>
      )}
      {step.kind === "credentials" && (
        <div className={styles.links}>
          <a href={withBase("/system/forgetpwd")} data-testid="link-forgot-password">
            {t("forgotPassword")}
          </a>
          <span>
            {t("noAccount")}{" "}
            <a href={withBase("/system/register")} data-testid="link-register">
              {t("register")}
            </a>
          </span>
        </div>
      )}
    </form>
  );
}

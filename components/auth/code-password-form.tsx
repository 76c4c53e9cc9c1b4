"use client";

import { LockOutlined, MobileOutlined, SafetyOutlined } from "@ant-design/icons";
import { Button, Input } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { registerAction, resetPasswordAction } from "@/lib/auth/account-actions";
import { CODE_RE, PASSWORD_MAX, PHONE_RE } from "@/lib/auth/account-rules";
import { withBase } from "@/lib/client/base-path";
import { InlineAlert } from "@/components/ui/inline-alert";
import { SendCodeButton } from "./send-code-button";
import styles from "./auth-frame.module.css";

type Field = "phone" | "code" | "password" | "password2";
type Mode = "register" | "reset";

/**
 * Register and forgot-password: mobile number, verification code, password twice. Plain markup
 * with antd Input/Button, like the sign-in form (the anonymous pages' JS budget). The server
 * action validates again and answers translated field errors.
 */
export function CodePasswordForm({ mode, minLength, codeMinutes }: { mode: Mode; minLength: number; codeMinutes: number }) {
  const t = useTranslations(mode === "register" ? "Register" : "ForgotPassword");
  const tv = useTranslations("Validation");
  const [values, setValues] = useState<Record<Field, string>>({ phone: "", code: "", password: "", password2: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<{ type: "error" | "info"; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const phoneError = (): string | null => {
    const p = values.phone.trim();
    if (!p) return tv("required", { label: t("phone") });
    return PHONE_RE.test(p) ? null : tv("phone", { label: t("phone") });
  };
  const validate = () => {
    const e: Partial<Record<Field, string>> = {};
    const pe = phoneError();
    if (pe) e.phone = pe;
    if (!values.code.trim()) e.code = tv("required", { label: t("code") });
    else if (!CODE_RE.test(values.code.trim())) e.code = tv("verificationCode", { label: t("code") });
    if (!values.password) e.password = tv("required", { label: t("password") });
    else if (values.password.length < minLength) e.password = tv("minLength", { label: t("password"), min: minLength });
    else if (values.password.length > PASSWORD_MAX) e.password = tv("maxLength", { label: t("password"), max: PASSWORD_MAX });
    if (!values.password2) e.password2 = tv("required", { label: t("password2") });
    else if (values.password2 !== values.password) e.password2 = tv("passwordMismatch", { label: t("password2") });
    return e;
  };

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) return;
    start(async () => {
      setAlert(null);
      const input = { ...values, phone: values.phone.trim(), code: values.code.trim() };
      const res = mode === "register" ? await registerAction(input) : await resetPasswordAction(input);
      if (!res.ok) {
        setErrors((res.fieldErrors ?? {}) as Partial<Record<Field, string>>);
        return setAlert({ type: "error", text: res.message });
      }
      setDone(input.phone);
    });
  };

  if (done) {
    return (
      <div data-testid={mode === "register" ? "register-done" : "reset-done"}>
        <h2 className={styles.title}>{mode === "register" ? t("pendingTitle") : t("doneTitle")}</h2>
        <InlineAlert type="success">{mode === "register" ? t("pendingText", { account: done }) : t("doneText")}</InlineAlert>
        <Button type="primary" block href={withBase("/system/login")}>
          {t("backToSignIn")}
        </Button>
      </div>
    );
  }

  const id = (f: Field) => `${mode}_${f}`;
  const row = (f: Field, control: ReactNode, hint?: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id(f)}>
        {t(f)}
      </label>
      {control}
      <div id={`${id(f)}_error`} className={styles.fieldError}>
        {errors[f] ?? (hint && !errors[f] ? <span className={styles.hint}>{hint}</span> : null)}
      </div>
    </div>
  );
  const common = (f: Field) => ({
    id: id(f),
    name: f,
    value: values[f],
    onChange: set(f),
    disabled: pending,
    status: errors[f] ? ("error" as const) : undefined,
    "aria-invalid": !!errors[f],
    "aria-describedby": `${id(f)}_error`,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} name={mode}>
      <h2 className={styles.title}>{t("title")}</h2>
      <p className={styles.subtitle}>{t("subtitle")}</p>
      {alert && (
        <InlineAlert type={alert.type} testId="form-alert">
          {alert.text}
        </InlineAlert>
      )}
      {row("phone", <Input {...common("phone")} prefix={<MobileOutlined />} placeholder={t("phonePlaceholder")} autoComplete="tel" inputMode="numeric" maxLength={11} autoFocus />)}
      {row(
        "code",
        <div style={{ display: "flex", gap: 8 }}>
          <Input {...common("code")} prefix={<SafetyOutlined />} placeholder={t("codePlaceholder")} autoComplete="one-time-code" inputMode="numeric" maxLength={8} />
          <SendCodeButton
            scene={mode === "register" ? "REGISTER" : "RESET_PASSWORD"}
            phone={values.phone.trim()}
            validatePhone={() => {
              const pe = phoneError();
              setErrors((e) => ({ ...e, phone: pe ?? undefined }));
              return pe;
            }}
            onResult={(r) => {
              if (r.ok) return setAlert({ type: "info", text: t("codeSent", { minutes: codeMinutes }) });
              setAlert({ type: "error", text: r.message });
              if (r.field) setErrors((e) => ({ ...e, phone: r.message }));
            }}
          />
        </div>,
      )}
      {row("password", <Input.Password {...common("password")} prefix={<LockOutlined />} autoComplete="new-password" />, t("passwordHint", { min: minLength }))}
      {row("password2", <Input.Password {...common("password2")} prefix={<LockOutlined />} autoComplete="new-password" />)}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t("submit")}
      </Button>
      <div className={styles.links} style={{ justifyContent: "center", gap: 6 }}>
        <span>{mode === "register" ? t("haveAccount") : t("remembered")}</span>
        <a href={withBase("/system/login")} data-testid="link-sign-in">
          {t("signIn")}
        </a>
      </div>
    </form>
  );
}

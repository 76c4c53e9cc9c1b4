"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition, type FormEvent } from "react";
import { changePasswordAction, changePhoneAction, endSessionAction, sendPhoneCodeAction, signOutEverywhereAction, updateProfileAction } from "@/lib/account/actions";
import { CODE_RE, PASSWORD_MAX, PHONE_RE } from "@/lib/auth/account-rules";
import { withBase } from "@/lib/client/base-path";
import { InlineAlert } from "@/components/ui/inline-alert";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import styles from "@/components/ui/record-screen.module.css";
import own from "./account.module.css";

// My account's forms: native inputs, the same rules in the browser as in the actions' schemas
// (lib/account/schemas.ts), the server's field errors shown on their fields.

type Errors = Record<string, string | undefined>;

function Field({
  name,
  label,
  value,
  onChange,
  error,
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: "text" | "password" | "tel";
  autoComplete?: string;
  inputMode?: "numeric" | "tel";
  maxLength?: number;
}) {
  const id = useId();
  return (
    <label className={styles.field} htmlFor={id}>
      {label}
      <input
        id={id}
        name={name}
        className={styles.input}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`account-${name}`}
      />
      {error && (
        <span id={`${id}-error`} className={own.error} data-testid={`account-${name}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}

/** Runs an action: field errors onto the fields, other refusals as a toast (or to sign-in). */
function useSubmit() {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, start] = useTransition();
  const run = <T,>(call: () => Promise<{ ok: true; data: T } | { ok: false; code: string; message: string; fieldErrors?: Record<string, string> }>, done: (data: T) => void) =>
    start(async () => {
      const res = await call();
      if (res.ok) {
        setErrors({});
        return done(res.data);
      }
      if (res.fieldErrors && Object.keys(res.fieldErrors).length) setErrors(res.fieldErrors);
      else actionFailed(res);
    });
  return { errors, setErrors, pending, run };
}

export function ProfileForm({ name: initial }: { name: string }) {
  const t = useTranslations("MyAccount");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [name, setName] = useState(initial);
  const { errors, setErrors, pending, run } = useSubmit();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: tv("required", { label: t("fields.name") }) });
    run(
      () => updateProfileAction({ name }),
      () => {
        toast("success", t("profileSaved"));
        router.refresh();
      },
    );
  };
  return (
    <form className={own.form} onSubmit={onSubmit} noValidate data-testid="account-profile-form">
      <Field name="name" label={t("fields.name")} value={name} onChange={setName} error={errors.name} autoComplete="name" maxLength={50} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.buttonPrimary} disabled={pending || name.trim() === initial} data-testid="account-profile-save">
          {t("saveName")}
        </button>
      </div>
    </form>
  );
}

export function PhoneForm() {
  const t = useTranslations("MyAccount");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  const [sending, startSend] = useTransition();
  const { errors, setErrors, pending, run } = useSubmit();
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (!until) return;
    const id = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [until]);

  const phoneError = () => {
    const p = phone.trim();
    if (!p) return tv("required", { label: t("fields.newPhone") });
    return PHONE_RE.test(p) ? undefined : tv("phone", { label: t("fields.newPhone") });
  };
  const send = () => {
    const pe = phoneError();
    if (pe) return setErrors({ phone: pe });
    startSend(async () => {
      const res = await sendPhoneCodeAction({ phone: phone.trim() });
      if (!res.ok) {
        if (res.fieldErrors?.phone) return setErrors({ phone: res.fieldErrors.phone });
        return actionFailed(res);
      }
      setErrors({});
      setNow(Date.now());
      setUntil(Date.now() + res.data.resendAfter * 1000);
      if (res.data.sent) toast("success", t("codeSent"));
      else if (res.data.message) setErrors({ phone: res.data.message });
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = { phone: phoneError() };
    if (!code.trim()) next.code = tv("required", { label: t("fields.code") });
    else if (!CODE_RE.test(code.trim())) next.code = tv("verificationCode", { label: t("fields.code") });
    if (next.phone || next.code) return setErrors(next);
    run(
      () => changePhoneAction({ phone: phone.trim(), code: code.trim() }),
      () => {
        toast("success", t("phoneChanged"));
        setPhone("");
        setCode("");
        setUntil(0);
        router.refresh();
      },
    );
  };
  return (
    <form className={own.form} onSubmit={onSubmit} noValidate data-testid="account-phone-form">
      <div className={own.row}>
        <Field name="phone" label={t("fields.newPhone")} value={phone} onChange={setPhone} error={errors.phone} type="tel" inputMode="tel" autoComplete="tel" maxLength={11} />
        <button type="button" className={styles.button} onClick={send} disabled={sending || left > 0} data-testid="account-send-code">
          {left > 0 ? t("resendIn", { seconds: left }) : t("sendCode")}
        </button>
      </div>
      <Field name="code" label={t("fields.code")} value={code} onChange={setCode} error={errors.code} inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.buttonPrimary} disabled={pending} data-testid="account-phone-save">
          {t("changePhone")}
        </button>
      </div>
    </form>
  );
}

export function PasswordForm({ minLength }: { minLength: number }) {
  const t = useTranslations("MyAccount");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [v, setV] = useState({ current: "", password: "", password2: "" });
  const [done, setDone] = useState<number | null>(null);
  const { errors, setErrors, pending, run } = useSubmit();
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!v.current) next.current = tv("required", { label: t("fields.current") });
    if (!v.password) next.password = tv("required", { label: t("fields.password") });
    else if (v.password.length < minLength) next.password = tv("minLength", { label: t("fields.password"), min: minLength });
    else if (v.password.length > PASSWORD_MAX) next.password = tv("maxLength", { label: t("fields.password"), max: PASSWORD_MAX });
    if (!v.password2) next.password2 = tv("required", { label: t("fields.password2") });
    else if (v.password2 !== v.password) next.password2 = tv("passwordMismatch", { label: t("fields.password2") });
    if (Object.keys(next).length) return setErrors(next);
    setDone(null);
    run(
      () => changePasswordAction(v),
      (data) => {
        setV({ current: "", password: "", password2: "" });
        setDone(data.signedOut);
        router.refresh();
      },
    );
  };
  return (
    <form className={own.form} onSubmit={onSubmit} noValidate data-testid="account-password-form">
      {done !== null && (
        <InlineAlert type="success" testId="account-password-done">
          {t("passwordChanged", { count: done })}
        </InlineAlert>
      )}
      <Field
        name="current"
        label={t("fields.current")}
        value={v.current}
        onChange={set("current")}
        error={errors.current}
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
      />
      <Field
        name="password"
        label={t("fields.password")}
        value={v.password}
        onChange={set("password")}
        error={errors.password}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <Field
        name="password2"
        label={t("fields.password2")}
        value={v.password2}
        onChange={set("password2")}
        error={errors.password2}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <div className={styles.buttons}>
        <button type="submit" className={styles.buttonPrimary} disabled={pending} data-testid="account-password-save">
          {t("changePassword")}
        </button>
      </div>
    </form>
  );
}

export function EndSessionButton({ handle }: { handle: string }) {
  const t = useTranslations("MyAccount");
  const router = useRouter();
  const { pending, run } = useSubmit();
  const end = () =>
    run(
      () => endSessionAction({ id: handle }),
      () => {
        toast("success", t("sessionEnded"));
        router.refresh();
      },
    );
  return (
    <button type="button" className={styles.button} onClick={end} disabled={pending} data-testid="account-end-session">
      {t("endSession")}
    </button>
  );
}

export function SignOutEverywhereButton() {
  const t = useTranslations("MyAccount");
  const { pending, run } = useSubmit();
  const go = async () => {
    if (!(await confirmDialog({ title: t("everywhereConfirm"), content: t("everywhereText"), okText: t("everywhere"), danger: true }))) return;
    run(
      () => signOutEverywhereAction({}),
      () => window.location.assign(withBase("/system/login")),
    );
  };
  return (
    <button type="button" className={styles.buttonDanger} onClick={go} disabled={pending} data-testid="account-sign-out-everywhere">
      {t("everywhere")}
    </button>
  );
}

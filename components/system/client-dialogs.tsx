"use client";

import { Alert, Button, Form, InputNumber, Modal, Space, Typography } from "antd";
import "@/components/providers/antd-css";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { rotateClientSecretAction } from "@/lib/clients/actions";
import type { ClientDialog } from "./client-admin";

// system/client's dialogs, loaded when first used: the rotation (its overlap) and the secret,
// shown this once after a create or a rotation. The secret lives only in this component's
// props; closing the dialog forgets it.

export function ClientDialogs({ dialog, onChange, clientIdOf }: { dialog: ClientDialog | null; onChange: (d: ClientDialog | null) => void; clientIdOf: (id: number) => string }) {
  return (
    <>
      <RotateDialog dialog={dialog?.kind === "rotate" ? dialog : null} onChange={onChange} clientIdOf={clientIdOf} />
      <SecretDialog dialog={dialog?.kind === "secret" ? dialog : null} onClose={() => onChange(null)} />
    </>
  );
}

function RotateDialog({
  dialog,
  onChange,
  clientIdOf,
}: {
  dialog: Extract<ClientDialog, { kind: "rotate" }> | null;
  onChange: (d: ClientDialog | null) => void;
  clientIdOf: (id: number) => string;
}) {
  const t = useTranslations("Clients");
  const ta = useTranslations("Access");
  const router = useRouter();
  const [hours, setHours] = useState<number | null>(24);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (!dialog) return;
    setBusy(true);
    try {
      const res = await rotateClientSecretAction({ id: dialog.id, overlapHours: hours });
      if (!res.ok) {
        if (res.fieldErrors?.overlapHours) setError(res.fieldErrors.overlapHours);
        else actionFailed(res);
        return;
      }
      setError(null);
      router.refresh();
      onChange({ kind: "secret", clientId: clientIdOf(dialog.id), secret: res.data.secret, until: hours ? res.data.previousExpireAt : null });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!dialog}
      title={dialog ? t("rotateTitle", { name: dialog.name }) : null}
      onCancel={() => onChange(null)}
      okText={t("rotateOk")}
      cancelText={ta("cancel")}
      onOk={() => void run()}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="client-rotate-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t("fields.overlapHours")} extra={t("hints.overlapHours")} validateStatus={error ? "error" : undefined} help={error ?? undefined}>
          <InputNumber min={0} max={168} precision={0} value={hours} onChange={(v) => setHours(v)} style={{ width: 160 }} data-testid="client-overlap" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SecretDialog({ dialog, onClose }: { dialog: Extract<ClientDialog, { kind: "secret" }> | null; onClose: () => void }) {
  const t = useTranslations("Clients");
  const format = useFormatter();
  const copy = async () => {
    if (!dialog) return;
    try {
      await navigator.clipboard.writeText(dialog.secret);
      toast("success", t("copied"));
    } catch {
      // No clipboard (an insecure origin, a denied permission): the secret stays selectable.
    }
  };
  return (
    <Modal
      open={!!dialog}
      title={t("secretTitle")}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="client-secret-close">
          {t("close")}
        </Button>
      }
      data-testid="client-secret-dialog"
    >
      {dialog && (
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          <Alert type="warning" showIcon title={t("secretWarning")} />
          <div>
            <Typography.Text type="secondary">{t("secretClientId")}</Typography.Text>
            <div>
              <code className="dp-code" data-testid="client-secret-client-id">
                {dialog.clientId}
              </code>
            </div>
          </div>
          <div>
            <Typography.Text type="secondary">{t("secretValue")}</Typography.Text>
            <Space.Compact style={{ width: "100%" }}>
              <input
                readOnly
                value={dialog.secret}
                aria-label={t("secretValue")}
                onFocus={(e) => e.currentTarget.select()}
                className="ant-input"
                style={{ fontFamily: "monospace" }}
                data-testid="client-secret-value"
              />
              <Button onClick={() => void copy()} data-testid="client-secret-copy">
                {t("copy")}
              </Button>
            </Space.Compact>
          </div>
          {dialog.until !== undefined && (
            <Typography.Text>
              {dialog.until ? t("secretOverlap", { until: format.dateTime(new Date(dialog.until), { dateStyle: "short", timeStyle: "short" }) }) : t("secretOverlapNone")}
            </Typography.Text>
          )}
        </Space>
      )}
    </Modal>
  );
}

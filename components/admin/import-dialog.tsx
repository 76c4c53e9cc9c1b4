"use client";

import { InboxOutlined } from "@ant-design/icons";
import { Alert, Button, Modal, Table, Upload } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { withBase } from "@/lib/client/base-path";
import { toast } from "@/components/ui/feedback";

type RowError = { row: number; field: string; message: string };
type Outcome = { ok: true; message: string } | { ok: false; message: string; errors?: RowError[] };

/** Upload an .xlsx to /api/v1/admin/<resource>/import: all rows are saved, or none and the
 * row-numbered errors are listed. */
/** `hint` replaces the generic "rows whose code exists are updated" for imports that only add. */
export function ImportDialog({ open, onClose, resource, title, hint }: { open: boolean; onClose: () => void; resource: string; title: string; hint?: string }) {
  const ta = useTranslations("AdminImport");
  const tc = useTranslations("Common");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const url = withBase(`/api/v1/admin/${resource}/import`);

  const send = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      const body = new FormData();
      body.set("file", file);
      const res = await fetch(url, { method: "POST", body, credentials: "same-origin" });
      const json = (await res.json().catch(() => ({}))) as { message?: string; errors?: RowError[] };
      if (res.ok) {
        setOutcome({ ok: true, message: json.message ?? "" });
        toast("success", json.message ?? "");
        router.refresh();
      } else setOutcome({ ok: false, message: json.message ?? tc("networkError"), errors: json.errors });
    } catch {
      setOutcome({ ok: false, message: tc("networkError") });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={() => (setOutcome(null), onClose())}
      title={ta("title", { name: title })}
      footer={<Button onClick={() => (setOutcome(null), onClose())}>{ta("close")}</Button>}
      width={720}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>
        {hint ?? ta("hint")}{" "}
        <a href={url} data-testid="import-template">
          {ta("template")}
        </a>
      </p>
      <Upload.Dragger accept=".xlsx" multiple={false} showUploadList={false} disabled={busy} data-testid="import-file" beforeUpload={(file) => (void send(file), false)}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? ta("importing") : ta("choose")}</p>
      </Upload.Dragger>
      {outcome && (
        <div style={{ marginTop: 16 }} data-testid="import-outcome">
          <Alert type={outcome.ok ? "success" : "error"} showIcon title={outcome.message} />
          {!outcome.ok && outcome.errors?.length ? (
            <Table<RowError>
              style={{ marginTop: 12 }}
              size="small"
              pagination={{ pageSize: 10 }}
              rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
              dataSource={outcome.errors}
              data-testid="import-errors"
              columns={[
                { title: ta("row"), dataIndex: "row", width: 80 },
                { title: ta("field"), dataIndex: "field", width: 160 },
                { title: ta("message"), dataIndex: "message" },
              ]}
            />
          ) : null}
        </div>
      )}
    </Modal>
  );
}

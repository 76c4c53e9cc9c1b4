"use client";

import { Modal } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import type { AttachmentValue } from "@/lib/uploads/formats";

/** An image shown large, or a video playing inline. */
export function UploadPreview({ item, onClose }: { item: AttachmentValue | null; onClose: () => void }) {
  const t = useTranslations("Uploads");
  return (
    <Modal open={!!item} title={item?.name} footer={null} onCancel={onClose} width={item?.kind === "VIDEO" ? 720 : 640} destroyOnHidden>
      {item?.kind === "VIDEO" ? (
        <video src={item.url} controls autoPlay playsInline style={{ width: "100%", maxHeight: "70vh", background: "#000" }} aria-label={item.name}>
          {t("preview")}
        </video>
      ) : item ? (
        // eslint-disable-next-line @next/next/no-img-element -- a private, per-user file: next/image's optimizer cannot fetch it
        <img src={item.url} alt={item.name} style={{ display: "block", maxWidth: "100%", maxHeight: "70vh", margin: "0 auto" }} />
      ) : null}
    </Modal>
  );
}

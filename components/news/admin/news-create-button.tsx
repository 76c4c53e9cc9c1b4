"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { UploadRule } from "@/lib/uploads/formats";
import styles from "@/components/ui/record-screen.module.css";

// "Write an article": a plain button; the form (antd, the rich-text editor, the upload field)
// loads with its own chunk on the first click.
const NewsForm = antdDynamic(() => import("./news-form").then((m) => m.NewsForm));

export function NewsCreateButton({ imageRule }: { imageRule: UploadRule }) {
  const t = useTranslations("NewsAdmin");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => setOpen(true)} data-testid="news-create">
        {t("create")}
      </button>
      {open && (
        <NewsForm
          target={null}
          imageRule={imageRule}
          onClose={(saved) => {
            setOpen(false);
            if (saved) router.refresh();
          }}
        />
      )}
    </>
  );
}

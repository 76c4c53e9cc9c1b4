"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { antdDynamic } from "@/components/providers/antd-dynamic";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import type { CreateSetup } from "@/lib/wms/doc-loader";
import styles from "@/components/ui/record-screen.module.css";

// "New entry / delivery / move / transfer / stocktake": a plain button; the form (antd) loads on
// the first click.
const DocCreateForm = antdDynamic(() => import("./doc-create-form").then((m) => m.DocCreateForm));

export function DocCreateButton({ type, setup }: { type: WmsDocType; setup: CreateSetup }) {
  const t = useTranslations("WmsDocs");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.buttonPrimary} onClick={() => setOpen(true)} data-testid="wmsdoc-create">
        {t(`create.${type}`)}
      </button>
      {open && <DocCreateForm type={type} setup={setup} onClose={() => setOpen(false)} />}
    </>
  );
}

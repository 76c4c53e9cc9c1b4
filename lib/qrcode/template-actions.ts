"use server";

import { action } from "@/lib/actions/action";
import { ZQrTemplateEnable, ZQrTemplateId, ZQrTemplateSave } from "./template-schemas";
import { deleteQrTemplate, saveQrTemplate, setDefaultQrTemplate, setQrTemplateEnabled } from "./templates";

const on = { labels: "QrcodeModel.fields", revalidate: ["/system/qrcodeModel"] } as const;
const permission = "qrcodeModel:manage" as const;

export const saveQrTemplateAction = action({ ...on, schema: ZQrTemplateSave, permission }, (v, c) => saveQrTemplate(c.viewer, c.audit, v).then((r) => ({ id: r.id })));
export const deleteQrTemplateAction = action({ ...on, schema: ZQrTemplateId, permission }, (v, c) => deleteQrTemplate(c.audit, v.id));
export const setDefaultQrTemplateAction = action({ ...on, schema: ZQrTemplateId, permission }, (v, c) => setDefaultQrTemplate(c.audit, v.id).then((r) => ({ id: r.id })));
export const setQrTemplateEnabledAction = action({ ...on, schema: ZQrTemplateEnable, permission }, (v, c) =>
  setQrTemplateEnabled(c.audit, v.id, v.enabled).then((r) => ({ id: r.id })),
);

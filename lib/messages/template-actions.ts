"use server";

import { deleteAction, saveAction } from "@/lib/admin/actions";
import { deleteMessageTemplates, messageTemplateResource, saveMessageTemplate } from "./template-admin";
import { ZMessageTemplateSave } from "./template-schemas";

// Writes of system/messageSetting, one line each (lib/admin/actions.ts).
export const saveMessageTemplateAction = saveAction(messageTemplateResource, ZMessageTemplateSave, (c, v) => saveMessageTemplate(c.audit, v));
export const deleteMessageTemplatesAction = deleteAction(messageTemplateResource, (c, ids) => deleteMessageTemplates(c.audit, ids));

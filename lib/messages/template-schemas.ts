import { z } from "zod";
import { blankToNull, zId, zOptionalText } from "@/lib/core/zod";
import { eventDef, MESSAGE_CHANNELS, MESSAGE_EVENT_KEYS, WECHAT_FIELDS_MAX, WECHAT_TEMPLATE_ID_PATTERN, WECHAT_TEXT_MAX } from "./template-events";

export * from "./template-events";

// Message templates (system/messageSetting), client-safe: the form's schema, and (re-exported
// from ./template-events.ts) the events the code sends with their channels and placeholders.
// lib/messages/templates.ts renders them; its callers pass the placeholders' values.

export const ZMessageTemplateSave = z
  .object({
    id: zId.optional(),
    event: z.enum(MESSAGE_EVENT_KEYS),
    channel: z.enum(MESSAGE_CHANNELS),
    titleEn: zOptionalText(200),
    titleZh: zOptionalText(200),
    // Required for SMS and in-app; a WECHAT template's is its description in the list (filled
    // from its fields when left blank: the message itself is the fields).
    contentEn: zOptionalText(1000),
    contentZh: zOptionalText(1000),
    enabled: z.boolean(),
    wechatTemplateId: z
      .preprocess(
        blankToNull,
        z
          .string()
          .trim()
          .refine((v) => WECHAT_TEMPLATE_ID_PATTERN.test(v), { message: "wechatTemplateId" })
          .nullable(),
      )
      .optional(),
    // The pairs' own rules (keyword format, duplicates, the event's placeholders) are
    // wechatFieldIssue's, which names the keyword; the service applies it.
    wechatFields: z
      .array(z.object({ keyword: z.string().trim().max(32), text: z.string().trim().max(WECHAT_TEXT_MAX) }))
      .max(WECHAT_FIELDS_MAX)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const def = eventDef(v.event);
    if (def && !(def.channels as readonly string[]).includes(v.channel)) ctx.addIssue({ code: "invalid_value", values: [...def.channels], path: ["channel"], input: v.channel });
    // An in-app message is listed by its title; a text message has none.
    if (v.channel === "IN_APP")
      for (const f of ["titleEn", "titleZh"] as const) if (!v[f]) ctx.addIssue({ code: "too_small", origin: "string", minimum: 1, inclusive: true, path: [f], input: v[f] });
    if (v.channel !== "WECHAT")
      for (const f of ["contentEn", "contentZh"] as const) if (!v[f]) ctx.addIssue({ code: "too_small", origin: "string", minimum: 1, inclusive: true, path: [f], input: v[f] });
    if (v.channel === "WECHAT") {
      if (!v.wechatTemplateId) ctx.addIssue({ code: "too_small", origin: "string", minimum: 1, inclusive: true, path: ["wechatTemplateId"], input: v.wechatTemplateId });
      if (!v.wechatFields?.length) ctx.addIssue({ code: "custom", message: "required", path: ["wechatFields"], input: v.wechatFields });
    }
  });
export type TMessageTemplateSave = z.infer<typeof ZMessageTemplateSave>;

import { z } from "zod";
import { zId, zOptionalText, zText } from "@/lib/core/zod";
import { eventDef, MESSAGE_CHANNELS, MESSAGE_EVENT_KEYS } from "./template-events";

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
    contentEn: zText(1000),
    contentZh: zText(1000),
    enabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const def = eventDef(v.event);
    if (def && !(def.channels as readonly string[]).includes(v.channel)) ctx.addIssue({ code: "invalid_value", values: [...def.channels], path: ["channel"], input: v.channel });
    // An in-app message is listed by its title; a text message has none.
    if (v.channel === "IN_APP")
      for (const f of ["titleEn", "titleZh"] as const) if (!v[f]) ctx.addIssue({ code: "too_small", origin: "string", minimum: 1, inclusive: true, path: [f], input: v[f] });
  });
export type TMessageTemplateSave = z.infer<typeof ZMessageTemplateSave>;

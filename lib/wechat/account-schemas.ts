import { z } from "zod";

// My account's WeChat inputs (client-safe; labels from MyAccount.wechat.fields).
export const ZWechatNotify = z.object({ notify: z.boolean() });
export const ZWechatUnbind = z.object({});

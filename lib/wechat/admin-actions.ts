"use server";

import { action } from "@/lib/actions/action";
import { deleteWeixinApp, retryWechatMessages, saveWeixinApp } from "./admin";
import { ZWechatRetry, ZWeixinAppRef, ZWeixinAppSave } from "./admin-schemas";

// system/weixinApp's server actions (lib/actions/action.ts), one line each.
const on = { labels: "WeixinApp.fields", revalidate: ["/system/weixinApp"] } as const;

export const saveWeixinAppAction = action({ ...on, schema: ZWeixinAppSave, permission: "weixinApp:manage" }, (v, c) => saveWeixinApp(c.viewer, c.audit, v));
export const deleteWeixinAppAction = action({ ...on, schema: ZWeixinAppRef, permission: "weixinApp:manage" }, (v, c) => deleteWeixinApp(c.viewer, c.audit, v.id));
export const retryWechatMessagesAction = action({ ...on, schema: ZWechatRetry, permission: "wechatMessage:retry" }, (v, c) => retryWechatMessages(c.viewer, c.audit, v));

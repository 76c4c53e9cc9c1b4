"use server";

import { action } from "@/lib/actions/action";
import { ZWechatNotify, ZWechatUnbind } from "./account-schemas";
import { setWechatNotify, unbindWechat } from "./binding";

// My account's WeChat card: any signed-in user, their own binding only (the services take the
// viewer's id, never one from the input).
const on = { labels: "MyAccount.wechat.fields", permission: null, revalidate: ["/system/account"] } as const;

export const unbindWechatAction = action({ ...on, schema: ZWechatUnbind }, (_i, { viewer, audit }) => unbindWechat(viewer, audit));
export const setWechatNotifyAction = action({ ...on, schema: ZWechatNotify }, (i, { viewer, audit }) => setWechatNotify(viewer, audit, i.notify));

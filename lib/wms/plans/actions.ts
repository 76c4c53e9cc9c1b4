"use server";

import { getLocale } from "next-intl/server";
import { action } from "@/lib/actions/action";
import type { Locale } from "@/lib/i18n/config";
import { planOptions, searchPlanGoods } from "./queries";
import { ZPlanEnabled, ZPlanGoodsSearch, ZPlanOptions, ZSavePlan } from "./schemas";
import { savePlan, setPlanEnabled } from "./service";

// The stocktake plan screen's actions (customerWms/storeCheckPlan). Writes need
// stocktakePlan:manage (dealers); the service checks it again with the company. The drawer's
// choices are read through two actions too, so they load with the drawer, not with the list.

const on = { labels: "WmsPlans.fields", permission: "stocktakePlan:manage", revalidate: ["/customerWms/storeCheckPlan"] } as const;

export const savePlanAction = action({ ...on, schema: ZSavePlan }, (i, { viewer, audit }) => savePlan(viewer, audit, i));
export const setPlanEnabledAction = action({ ...on, schema: ZPlanEnabled }, (i, { viewer, audit }) => setPlanEnabled(viewer, audit, i));
export const planOptionsAction = action({ labels: on.labels, permission: on.permission, schema: ZPlanOptions }, async (i, { viewer }) =>
  planOptions(viewer, i.id, (await getLocale()) as Locale),
);
export const searchPlanGoodsAction = action({ labels: on.labels, permission: on.permission, schema: ZPlanGoodsSearch }, async (i, { viewer }) =>
  searchPlanGoods(viewer, i.q, (await getLocale()) as Locale),
);

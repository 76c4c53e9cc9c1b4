"use server";

import { getLocale } from "next-intl/server";
import { action } from "@/lib/actions/action";
import type { Locale } from "@/lib/i18n/config";
import { PLAN_ROUTE, planFormOptions } from "./queries";
import { ZAdjustPlan, ZApprovePlan, ZPlanId, ZReturnPlan, ZSavePlan } from "./schemas";
import { z } from "zod";
import { adjustPlan, approvePlan, returnPlan, savePlan, submitPlan } from "./service";

// The purchase plan screen's actions (crm/customerPlan): dealers save and submit (plan:submit),
// sales operations review (plan:review); the services check the company or data scope again.
// The form's choices are read through an action too, so they load with the form, not the list.

const revalidate = [`/${PLAN_ROUTE}`];
const dealer = { labels: "Plans.fields", permission: "plan:submit", revalidate } as const;
const staff = { labels: "Plans.fields", permission: "plan:review", revalidate } as const;

export const savePlanAction = action({ ...dealer, schema: ZSavePlan }, (i, { viewer, audit }) => savePlan(viewer, audit, i));
export const submitPlanAction = action({ ...dealer, schema: ZPlanId }, (i, { viewer, audit }) => submitPlan(viewer, audit, i));
export const approvePlanAction = action({ ...staff, schema: ZApprovePlan }, (i, { viewer, audit }) => approvePlan(viewer, audit, i));
export const returnPlanAction = action({ ...staff, schema: ZReturnPlan }, (i, { viewer, audit }) => returnPlan(viewer, audit, i));
export const adjustPlanAction = action({ ...staff, schema: ZAdjustPlan }, (i, { viewer, audit }) => adjustPlan(viewer, audit, i));
export const planFormOptionsAction = action(
  { labels: dealer.labels, permission: dealer.permission, schema: z.object({ id: ZPlanId.shape.id.optional() }) },
  async (i, { viewer }) => planFormOptions(viewer, i.id, (await getLocale()) as Locale),
);

"use server";

import { action } from "@/lib/actions/action";
import { ZAdjust, ZRuleSave, ZTierId, ZTierSave } from "./schemas";
import { adjustPoints } from "./service";
import { deleteTier, saveRules, saveTier } from "./tiers";

// The member system screen's writes (system/memberSystem), one line each over the shared schemas.

const ROUTE = "/system/memberSystem";
const tiers = { labels: "Members.fields", permission: "memberTier:manage", revalidate: [ROUTE] } as const;

export const saveTierAction = action({ ...tiers, schema: ZTierSave }, (i, { audit }) => saveTier(audit, i));
export const deleteTierAction = action({ ...tiers, schema: ZTierId }, (i, { audit }) => deleteTier(audit, i.id));
export const saveRulesAction = action({ schema: ZRuleSave, labels: "Members.fields", permission: "memberRule:manage", revalidate: [ROUTE] }, (i, { audit }) => saveRules(audit, i));
export const adjustPointsAction = action({ schema: ZAdjust, labels: "Members.fields", permission: "memberPoints:adjust", revalidate: [ROUTE] }, (i, { viewer, audit }) =>
  adjustPoints(viewer, audit, i),
);

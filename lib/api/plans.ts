import "server-only";
import { requireScreenApi } from "@/lib/api/routes";
import type { Viewer } from "@/lib/auth/viewer";
import { PLAN_ROUTE } from "@/lib/plans/queries";

// /api/v1/plans…: the purchase plan documents of crm/customerPlan over the services of
// lib/plans/service.ts (they check the company or data scope, the permission, the state and the
// deadline again inside their transactions). An endpoint answers only to viewers whose roles open
// the screen (403 otherwise); another tenant's plan is 404 like a missing one.

export const PLANS_BASE = "/customerWeb/api/v1/plans";

/** The plan screen must open for the caller (403). */
export const planScreen = (viewer: Viewer) => requireScreenApi(viewer, PLAN_ROUTE);

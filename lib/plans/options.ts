// The fixed choices of the plan screens without zod (client-safe): the list's first load reads
// them; ./schemas.ts re-exports them for the forms and the API.
export { PLAN_LINE_KINDS, PLAN_STATUSES } from "./states";
export { MONTH_RE, MONTHS_AHEAD } from "./deadline";

/** Lines one plan may hold. */
export const MAX_PLAN_LINES = 200;
/** The largest quantity of one line. */
export const MAX_PLAN_QTY = 99_999;

"use server";

import { deleteAction, saveAction } from "@/lib/admin/actions";
import { ZCodeRuleSave } from "./code-rule-schemas";
import { codeRuleResource, deleteCodeRules, saveCodeRule } from "./code-rules";

// Writes of system/codeRule (lib/admin/actions.ts).
export const saveCodeRuleAction = saveAction(codeRuleResource, ZCodeRuleSave, (c, v) => saveCodeRule(c.audit, v));
export const deleteCodeRulesAction = deleteAction(codeRuleResource, (c, ids) => deleteCodeRules(c.audit, ids));

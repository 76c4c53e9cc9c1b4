"use server";

import { deleteAction, saveAction, screenAction } from "@/lib/admin/actions";
import { deleteVariables, resetVariableDefault, saveVariable, saveVariableDefault, variableDefaultResource, variableResource } from "./variable-admin";
import { ZVariableDefaultSave, ZVariableKey, ZVariableSave } from "./variable-schemas";

// Writes of the variable screens, one line each (lib/admin/actions.ts).
export const saveVariableDefaultAction = saveAction(variableDefaultResource, ZVariableDefaultSave, (c, v) => saveVariableDefault(c.audit, v));
export const resetVariableDefaultAction = screenAction(variableDefaultResource, "variable:update", ZVariableKey, (c, v) => resetVariableDefault(c.audit, v.key));
export const saveVariableAction = saveAction(variableResource, ZVariableSave, (c, v) => saveVariable(c, v));
export const deleteVariablesAction = deleteAction(variableResource, (c, ids) => deleteVariables(c, ids));

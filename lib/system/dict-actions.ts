"use server";

import { deleteAction, saveAction } from "@/lib/admin/actions";
import { deleteDictItems, deleteDictTypes, dictTypeResource, saveDictItem, saveDictType } from "./dictionaries";
import { ZDictItemSave, ZDictTypeSave } from "./dict-schemas";

// Writes of the dictionaries screen, one line each (lib/admin/actions.ts): items use the same
// dict:create|update|delete permissions as their types.
export const saveDictTypeAction = saveAction(dictTypeResource, ZDictTypeSave, (c, v) => saveDictType(c.audit, v));
export const deleteDictTypesAction = deleteAction(dictTypeResource, (c, ids) => deleteDictTypes(c.audit, ids));
export const saveDictItemAction = saveAction(dictTypeResource, ZDictItemSave, (c, v) => saveDictItem(c.audit, v));
export const deleteDictItemsAction = deleteAction(dictTypeResource, (c, ids) => deleteDictItems(c.audit, ids));

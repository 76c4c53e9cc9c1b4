"use server";

import { action } from "@/lib/actions/action";
import { saveAction, screenAction } from "@/lib/admin/actions";
import { companyResource } from "./resource";
import { searchDealerUsers } from "./loader";
import { ZCompanyEnable, ZCompanyOnboard, ZCompanyUpdate, ZUserSearch } from "./schemas";
import { onboardCompany, setCompanyEnabled, updateCompany } from "./service";

// system/company's writes, one line each (lib/admin/actions.ts).
export const onboardCompanyAction = saveAction(companyResource, ZCompanyOnboard, (c, v) => onboardCompany(c.viewer, c.audit, v));
export const updateCompanyAction = saveAction(companyResource, ZCompanyUpdate, (c, v) => updateCompany(c.viewer, c.audit, v));
export const setCompanyEnabledAction = screenAction(companyResource, "company:disable", ZCompanyEnable, (c, v) => setCompanyEnabled(c.viewer, c.audit, v));
// A read: nothing to revalidate.
export const searchDealerUsersAction = action({ labels: "CompanyAdmin.fields", schema: ZUserSearch, permission: "company:create" }, (v, c) => searchDealerUsers(c.viewer, v.q));

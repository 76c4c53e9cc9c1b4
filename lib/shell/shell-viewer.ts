import type { Viewer, ViewerCompany } from "@/lib/auth/viewer";

/** What the browser gets to know about the viewer: no permission sets, no ids it does not need. */
export type ShellViewer = {
  name: string;
  account: string;
  userType: Viewer["userType"];
  company: ViewerCompany | null;
  companies: ViewerCompany[];
};

export function toShellViewer(v: Viewer): ShellViewer {
  return { name: v.name, account: v.account, userType: v.userType, company: v.company, companies: v.companies };
}

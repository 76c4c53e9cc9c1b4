import type { ReactNode } from "react";
import { ListHeader } from "@/components/list/record-list";
import type { MemberCan } from "@/lib/members/queries";
import type { MemberTab } from "@/lib/members/options";
import { MemberTabs } from "./member-tabs";

/** The heading card of every section: title (the page-title the specs read), intro, actions, tabs. */
export function MemberHeader({ title, intro, tab, can, children }: { title: ReactNode; intro: ReactNode; tab: MemberTab; can: MemberCan; children?: ReactNode }) {
  return (
    <ListHeader title={title} intro={intro} below={<MemberTabs current={tab} can={can} />}>
      {children}
    </ListHeader>
  );
}

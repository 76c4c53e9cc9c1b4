import type { ReactNode } from "react";
import { PublicFrame } from "@/components/news/public/public-frame";

// Public, indexable pages (the news): the root layout plus a light frame. No antd, no session
// code, no client components: the first load is Next's runtime alone.
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <PublicFrame>{children}</PublicFrame>;
}

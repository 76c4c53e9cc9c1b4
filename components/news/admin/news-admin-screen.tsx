import type { NewsAdminData } from "@/lib/news/admin-queries";

// Staff's news management screen (server component). The helper building it replaces this body.
export function NewsAdminScreen(_props: { data: NewsAdminData }) {
  return null;
}

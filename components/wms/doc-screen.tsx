import type { Viewer } from "@/lib/auth/viewer";
import type { WmsDocType } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/config";
import type { DocScreenData } from "@/lib/wms/doc-loader";
import { DocDetail } from "./doc-detail";
import { DocList } from "./doc-list";

/** A warehouse document screen: the document at ?id=, else the list (the page handles "missing"). */
export function DocScreen({ type, data, viewer, locale, params }: { type: WmsDocType; data: DocScreenData; viewer: Viewer; locale: Locale; params: URLSearchParams }) {
  if (data.kind === "detail") return <DocDetail doc={data.doc} locale={locale} params={params} />;
  if (data.kind !== "list") return null;
  const company = viewer.company ? (locale === "zh-CN" ? viewer.company.nameZh : viewer.company.nameEn) : null;
  return <DocList type={type} page={data.list} locale={locale} company={company} create={data.create} />;
}

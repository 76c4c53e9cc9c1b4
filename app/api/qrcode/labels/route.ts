// GET /customerWeb/api/qrcode/labels?purpose=&ids=1,2&template=&format=svg|png — the labels'
// codes to download: one record → its SVG or PNG, several → a ZIP of one file per label named
// by VIN or code. The records are scoped like the print page's (lib/qrcode/labels.ts): 422 for
// bad input or too many, 404 when none of them is in the viewer's scope (or the template is
// not one of the purpose's).
import { apiRoute } from "@/lib/api/handler";
import { NotFoundError } from "@/lib/errors";
import { labelFile, labelSheet, ZLabelQuery } from "@/lib/qrcode/labels";
import { contentDisposition } from "@/lib/uploads/serve";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: null, query: ZLabelQuery, labels: "QrLabels.query" }, async ({ viewer, query, locale }) => {
  const sheet = await labelSheet(viewer, query, { locale });
  const file = sheet ? await labelFile(sheet, query.format ?? "svg") : null;
  if (!file) throw new NotFoundError();
  return new Response(Buffer.from(file.data), {
    headers: {
      "Content-Type": file.mime,
      "Content-Disposition": contentDisposition("attachment", file.name),
      "Content-Length": String(file.data.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

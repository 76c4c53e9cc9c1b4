import { apiRoute } from "@/lib/api/handler";
import { publicOrigin } from "@/lib/news/public-urls";
import { previewSvg } from "@/lib/qrcode/preview";
import { ZQrPreviewQuery } from "@/lib/qrcode/template-schemas";

// GET /customerWeb/api/qrcode/preview?purpose=&pattern=&size=&errorLevel=&logoId=&format=svg
// The QR code template drawer's live preview (lib/qrcode/preview.ts); errors in the API's shape.
// {url} samples are on the configured public origin, as printed labels are.
export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: "qrcodeModel:manage", query: ZQrPreviewQuery, labels: "QrcodeModel.fields" }, async ({ viewer, query }) => {
  const { svg } = await previewSvg(viewer, query, await publicOrigin());
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });
});

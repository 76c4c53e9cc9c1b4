import { apiRoute } from "@/lib/api/handler";
import { appOrigins } from "@/lib/api/write-guard";
import { previewSvg } from "@/lib/qrcode/preview";
import { ZQrPreviewQuery } from "@/lib/qrcode/template-schemas";

// GET /customerWeb/api/qrcode/preview?purpose=&pattern=&size=&errorLevel=&logoId=&format=svg
// The QR code template drawer's live preview (lib/qrcode/preview.ts); errors in the API's shape.
export const dynamic = "force-dynamic";

export const GET = apiRoute({ permission: "qrcodeModel:manage", query: ZQrPreviewQuery, labels: "QrcodeModel.fields" }, async ({ req, viewer, query }) => {
  const origin = process.env.APP_URL ? new URL(process.env.APP_URL).origin : [...appOrigins(req)][0];
  const { svg } = await previewSvg(viewer, query, origin);
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });
});

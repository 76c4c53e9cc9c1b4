// GET /customerWeb/locales/{lng}/translation.json — the message resources, for other clients.
import { NextResponse } from "next/server";
import { isLocale, locales } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { rawMessages } from "@/lib/i18n/raw-messages";

export function generateStaticParams() {
  return locales.map((lng) => ({ lng }));
}
export const dynamic = "force-static";

export async function GET(_req: Request, { params }: { params: Promise<{ lng: string }> }) {
  const { lng } = await params;
  // The API's error shape; a static route has no request locale, so the message is English.
  if (!isLocale(lng)) return NextResponse.json({ code: "NOT_FOUND", message: messagesFor("en-US").Errors.notFound }, { status: 404 });
  return NextResponse.json(await rawMessages(lng), { headers: { "Cache-Control": "public, max-age=300" } });
}

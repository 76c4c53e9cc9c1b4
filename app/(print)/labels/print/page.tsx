import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LabelPrint } from "@/components/qrcode/label-print";
import { errorText, parseInput } from "@/lib/actions/errors";
import { DomainError } from "@/lib/errors";
import { labelSheet, ZLabelQuery } from "@/lib/qrcode/labels";
import { qrTemplatesFor } from "@/lib/qrcode/templates";
import { USER_ROUTES } from "@/lib/routes";
import { requireSignedIn } from "@/lib/shell/guard";

// /customerWeb/labels/print?purpose=VEHICLE&ids=1,2&template=3 — the labels of records selected
// on a list (car/stock, the goods malls, the download centre), outside the shell so that only
// the sheets print. Every signed-in user may open it (lib/routes.ts USER_ROUTES): the records
// are read in the scope of the list they come from, and anything outside it is left out.

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("QrLabels"))("title") };
}

type Search = Record<string, string | string[] | undefined>;

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((e): e is [string, string] => typeof e[1] === "string"));
  // Signed out (the session ended after the list was opened): back to these labels after sign-in.
  const viewer = await requireSignedIn(`${USER_ROUTES[2]}?${new URLSearchParams(raw).toString()}`);
  const t = await errorText("QrLabels.query");
  const parsed = parseInput(ZLabelQuery, raw, t);
  if (!parsed.ok) {
    return <LabelPrint purpose="VEHICLE" ids={[]} templates={[]} sheet={null} error={parsed.failure.message} />;
  }
  const q = parsed.data;
  const ids = q.ids ?? [];
  const templates = await qrTemplatesFor(q.purpose);
  let sheet: Awaited<ReturnType<typeof labelSheet>>;
  try {
    sheet = await labelSheet(viewer, q);
  } catch (err) {
    // More records than one print holds: the translated refusal instead of the sheets.
    if (err instanceof DomainError && err.field) return <LabelPrint purpose={q.purpose} ids={[]} templates={[]} sheet={null} error={t.any(err.key, err.values)} />;
    throw err;
  }
  return <LabelPrint purpose={q.purpose} ids={ids} templates={templates} sheet={sheet} />;
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AddressBook } from "@/components/mall/address-book";
import { searchUrl } from "@/lib/core/search-url";
import { loadAddressBook } from "@/lib/mall/addresses/service";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("AddressBook"))("title") };
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("onlineMall/adress");
  return <AddressBook data={await loadAddressBook(viewer, searchUrl("onlineMall/adress", await searchParams))} />;
}

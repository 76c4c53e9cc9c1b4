import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountView } from "@/components/account/account-view";
import { loadMyAccount } from "@/lib/account/queries";
import { passwordMinLength } from "@/lib/auth/password-policy";
import { myDevices } from "@/lib/devices/queries";
import { USER_ROUTES } from "@/lib/routes";
import { requireSignedIn } from "@/lib/shell/guard";
import { myWechat } from "@/lib/wechat/binding";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("MyAccount"))("title") };
}

/** system/account — My account (from the user menu): every signed-in user, about themselves. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireSignedIn(USER_ROUTES[0]);
  const [data, minLength, devices, wechat, sp] = await Promise.all([loadMyAccount(viewer), passwordMinLength(), myDevices(viewer), myWechat(viewer), searchParams]);
  // The WeChat binding's result (lib/wechat/routes.ts sends the browser back with it).
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  return <AccountView data={data} minLength={minLength} devices={devices} wechat={{ ...wechat, result: one(sp.wechat), reason: one(sp.reason) }} />;
}

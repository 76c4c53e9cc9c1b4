import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountView } from "@/components/account/account-view";
import { loadMyAccount } from "@/lib/account/queries";
import { passwordMinLength } from "@/lib/auth/password-policy";
import { myDevices } from "@/lib/devices/queries";
import { USER_ROUTES } from "@/lib/routes";
import { requireSignedIn } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("MyAccount"))("title") };
}

/** system/account — My account (from the user menu): every signed-in user, about themselves. */
export default async function Page() {
  const viewer = await requireSignedIn(USER_ROUTES[0]);
  const [data, minLength, devices] = await Promise.all([loadMyAccount(viewer), passwordMinLength(), myDevices(viewer)]);
  return <AccountView data={data} minLength={minLength} devices={devices} />;
}

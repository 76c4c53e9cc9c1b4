import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DeviceList } from "@/components/devices/device-list";
import { hasPermission } from "@/lib/auth/viewer";
import { searchUrl } from "@/lib/core/search-url";
import { listDevices } from "@/lib/devices/queries";
import { requireScreen } from "@/lib/shell/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Devices"))("title") };
}

/** system/userEquipment — users' mobile devices (administrators; staff an administrator grants it, in their data scope). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireScreen("system/userEquipment");
  const page = await listDevices(viewer, searchUrl("system/userEquipment", await searchParams));
  return <DeviceList page={page} canUnbind={hasPermission(viewer, "device:unbind")} canBlock={hasPermission(viewer, "device:block")} scoped={viewer.userType !== "ADMIN"} />;
}

import { db } from "@/lib/db";

// Demo releases of the mobile app (system/appVersion): Android 1.4.2 published with a store
// URL (Android may give a package or a store URL), iOS 1.4.2 published (iOS: a store URL only),
// and an Android 1.5.0 draft. Written once, on a table with no releases.

const DAY = 86_400_000;

export async function seedAppReleases() {
  if (await db().appRelease.count()) return;
  const admin = await db().user.findUnique({ where: { account: "admin" }, select: { id: true } });
  const now = Date.now();
  const notes = {
    notesEn: "Faster order list, clearer delivery tracking and fixes for signing in on some phones.",
    notesZh: "订单列表更快，物流跟踪更清晰，并修复部分手机上的登录问题。",
  };
  await db().appRelease.createMany({
    data: [
      {
        platform: "ANDROID",
        versionName: "1.4.2",
        versionNumber: 142,
        minSupported: 120,
        forceUpdate: false,
        ...notes,
        storeUrl: "https://play.google.com/store/apps/details?id=com.example.dealerplatform",
        status: "PUBLISHED",
        publishedAt: new Date(now - 7 * DAY),
        downloadCount: 37,
        createdById: admin?.id ?? null,
      },
      {
        platform: "IOS",
        versionName: "1.4.2",
        versionNumber: 142,
        minSupported: 120,
        forceUpdate: false,
        ...notes,
        storeUrl: "https://apps.apple.com/app/id0000000000",
        status: "PUBLISHED",
        publishedAt: new Date(now - 6 * DAY),
        downloadCount: 21,
        createdById: admin?.id ?? null,
      },
      {
        platform: "ANDROID",
        versionName: "1.5.0",
        versionNumber: 150,
        minSupported: 120,
        forceUpdate: false,
        notesEn: "Purchase plans on the phone.",
        notesZh: "在手机上查看采购计划。",
        storeUrl: "https://play.google.com/store/apps/details?id=com.example.dealerplatform",
        status: "DRAFT",
        createdById: admin?.id ?? null,
      },
    ],
  });
}

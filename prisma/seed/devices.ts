import { db } from "@/lib/db";
import type { AppPlatform } from "@/lib/generated/prisma/client";

// Demo devices (system/userEquipment, My account's "My devices"): the phones the mobile app
// would have registered at the token endpoint (lib/devices/register.ts) for dealer.sh,
// dealer.group and staff.sales, in each state. Demo data only, with no tokens (the OAuth
// clients are seeded elsewhere); a device is created when missing and never changed after, so a
// restart keeps what an administrator or the user did to it (an unbind, a block).

type DemoDevice = {
  account: string;
  deviceId: string;
  platform: AppPlatform;
  model: string;
  os: string;
  appVersion: string;
  ip: string;
  /** Days before the seed run it was first and last seen. */
  first: number;
  last: number;
  state?: "SIGNED_OUT" | "BLOCKED";
};

const DEVICES: DemoDevice[] = [
  {
    account: "dealer.sh",
    deviceId: "demo-dealer-sh-mate60",
    platform: "HARMONYOS",
    model: "HUAWEI Mate 60 Pro",
    os: "HarmonyOS 4.2",
    appVersion: "2.3.0",
    ip: "101.88.12.34",
    first: 40,
    last: 0,
  },
  {
    account: "dealer.sh",
    deviceId: "demo-dealer-sh-iphone",
    platform: "IOS",
    model: "iPhone 15",
    os: "iOS 18.1",
    appVersion: "2.2.1",
    ip: "101.88.12.35",
    first: 90,
    last: 12,
    state: "SIGNED_OUT",
  },
  {
    account: "dealer.group",
    deviceId: "demo-dealer-group-xiaomi",
    platform: "ANDROID",
    model: "Xiaomi 14",
    os: "Android 14",
    appVersion: "2.3.0",
    ip: "123.117.8.20",
    first: 30,
    last: 1,
  },
  {
    account: "dealer.group",
    deviceId: "demo-dealer-group-old",
    platform: "ANDROID",
    model: "OPPO A57",
    os: "Android 12",
    appVersion: "1.9.4",
    ip: "36.110.4.77",
    first: 200,
    last: 60,
    state: "BLOCKED",
  },
  { account: "staff.sales", deviceId: "demo-staff-sales-ipad", platform: "IOS", model: "iPad Air", os: "iPadOS 18.1", appVersion: "2.3.0", ip: "58.246.1.10", first: 20, last: 2 },
];

const DAY = 86_400_000;

export async function seedDevices(): Promise<void> {
  const prisma = db();
  const now = Date.now();
  const admin = await prisma.user.findUnique({ where: { account: "admin" }, select: { id: true } });
  for (const d of DEVICES) {
    const user = await prisma.user.findUnique({ where: { account: d.account }, select: { id: true } });
    if (!user) continue;
    const lastSeenAt = new Date(now - d.last * DAY);
    const gone = d.state ? new Date(lastSeenAt.getTime() + DAY / 2) : null;
    await prisma.userDevice.upsert({
      where: { userId_deviceId: { userId: user.id, deviceId: d.deviceId } },
      create: {
        userId: user.id,
        deviceId: d.deviceId,
        platform: d.platform,
        model: d.model,
        os: d.os,
        appVersion: d.appVersion,
        ip: d.ip,
        firstSeenAt: new Date(now - d.first * DAY),
        lastSeenAt,
        unboundAt: gone,
        blockedAt: d.state === "BLOCKED" ? gone : null,
        blockedById: d.state === "BLOCKED" ? (admin?.id ?? null) : null,
      },
      update: {},
    });
  }
}

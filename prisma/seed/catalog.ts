import { db } from "@/lib/db";
import type { GoodsKind } from "@/lib/generated/prisma/client";
import { withCheckDigit } from "@/lib/vehicles/vin";
import { goodsSvg, localStorageDir, storePictures, type PictureJob, type Shape } from "./catalog-pictures";

// The demo catalogue (issue 5): car groups, vehicle models, vehicle goods (a model + a
// configuration), parts and derivative goods, their pictures, and the factory's vehicles by
// VIN. Creates missing rows only: goods that exist (by code) are left as staff changed them,
// pictures and vehicles included. The stock of a vehicle goods created here is the number of
// FACTORY_STOCK vehicles created for it.

const GROUPS = [
  { code: "AURORA", nameEn: "Aurora SUV", nameZh: "极光 SUV", sort: 10 },
  { code: "METRO", nameEn: "Metro Sedan", nameZh: "都市轿车", sort: 20 },
  { code: "VOLT", nameEn: "Volt EV", nameZh: "伏特纯电", sort: 30 },
  { code: "TRAIL", nameEn: "Trail Pickup", nameZh: "远途皮卡", sort: 40 },
];

// Model codes are part of the VINs: letters and digits without I, O and Q.
const MODELS = [
  { code: "AUR5", group: "AURORA", nameEn: "Aurora 5", nameZh: "极光 5", warrantyMonths: null, sort: 10 },
  { code: "AUR7", group: "AURORA", nameEn: "Aurora 7", nameZh: "极光 7", warrantyMonths: 48, sort: 20 },
  { code: "MET3", group: "METRO", nameEn: "Metro 3", nameZh: "都市 3", warrantyMonths: null, sort: 10 },
  { code: "MET5", group: "METRO", nameEn: "Metro 5", nameZh: "都市 5", warrantyMonths: null, sort: 20 },
  { code: "VLT1", group: "VOLT", nameEn: "Volt One", nameZh: "伏特 One", warrantyMonths: 96, sort: 10 },
  { code: "VLTX", group: "VOLT", nameEn: "Volt X", nameZh: "伏特 X", warrantyMonths: 96, sort: 20 },
  { code: "TRL2", group: "TRAIL", nameEn: "Trail 2", nameZh: "远途 2", warrantyMonths: 60, sort: 10 },
];

type GoodsSeed = {
  code: string;
  kind: GoodsKind;
  nameEn: string;
  nameZh: string;
  group?: string;
  model?: string;
  config?: string;
  specification?: string;
  price: string;
  stock: number;
  minOrderQty: number;
  onSale?: boolean;
  remark?: string;
  shape: Shape;
  colours: string[];
};

const SUV = "suv" as const;
const VEHICLES: GoodsSeed[] = [
  {
    code: "V-AUR5-15T",
    kind: "VEHICLE",
    model: "AUR5",
    nameEn: "Aurora 5 1.5T Comfort",
    nameZh: "极光 5 1.5T 舒适版",
    config: "1.5T FWD Comfort",
    specification: "5 seats · 7DCT",
    price: "139900.00",
    stock: 6,
    minOrderQty: 1,
    shape: SUV,
    colours: ["#389e0d", "#f0f0f0"],
    remark: "Best-selling compact SUV. Includes 360° camera and adaptive cruise control.",
  },
  {
    code: "V-AUR5-20T",
    kind: "VEHICLE",
    model: "AUR5",
    nameEn: "Aurora 5 2.0T AWD Luxury",
    nameZh: "极光 5 2.0T 四驱豪华版",
    config: "2.0T AWD Luxury",
    specification: "5 seats · 8AT",
    price: "169900.00",
    stock: 5,
    minOrderQty: 1,
    shape: SUV,
    colours: ["#1d39c4", "#262626"],
  },
  {
    code: "V-AUR7-20T",
    kind: "VEHICLE",
    model: "AUR7",
    nameEn: "Aurora 7 2.0T AWD Premium",
    nameZh: "极光 7 2.0T 四驱尊享版",
    config: "2.0T AWD Premium, 7 seats",
    specification: "7 seats · 8AT",
    price: "189900.00",
    stock: 4,
    minOrderQty: 1,
    shape: SUV,
    colours: ["#595959", "#d4b106"],
  },
  {
    code: "V-AUR7-FLG",
    kind: "VEHICLE",
    model: "AUR7",
    nameEn: "Aurora 7 Flagship",
    nameZh: "极光 7 旗舰版",
    config: "2.0T AWD Flagship, 6 captain seats",
    specification: "6 seats · 8AT · air suspension",
    price: "219900.00",
    stock: 3,
    minOrderQty: 1,
    shape: SUV,
    colours: ["#141414", "#ad2102"],
  },
  {
    code: "V-MET3-15L",
    kind: "VEHICLE",
    model: "MET3",
    nameEn: "Metro 3 1.5L Standard",
    nameZh: "都市 3 1.5L 标准版",
    config: "1.5L CVT Standard",
    specification: "5 seats · CVT",
    price: "89900.00",
    stock: 8,
    minOrderQty: 1,
    shape: "sedan",
    colours: ["#cf1322", "#f0f0f0"],
  },
  {
    code: "V-MET5-15T",
    kind: "VEHICLE",
    model: "MET5",
    nameEn: "Metro 5 1.5T Elite",
    nameZh: "都市 5 1.5T 精英版",
    config: "1.5T 7DCT Elite",
    specification: "5 seats · 7DCT",
    price: "119900.00",
    stock: 6,
    minOrderQty: 1,
    shape: "sedan",
    colours: ["#0958d9", "#8c8c8c"],
  },
  {
    code: "V-VLT1-SR",
    kind: "VEHICLE",
    model: "VLT1",
    nameEn: "Volt One Standard Range",
    nameZh: "伏特 One 标准续航版",
    config: "Standard Range 450 km",
    specification: "60 kWh · RWD",
    price: "159900.00",
    stock: 5,
    minOrderQty: 1,
    shape: "ev",
    colours: ["#13c2c2", "#f0f0f0"],
  },
  {
    code: "V-VLT1-LR",
    kind: "VEHICLE",
    model: "VLT1",
    nameEn: "Volt One Long Range",
    nameZh: "伏特 One 长续航版",
    config: "Long Range 620 km",
    specification: "82 kWh · RWD",
    price: "189900.00",
    stock: 4,
    minOrderQty: 1,
    shape: "ev",
    colours: ["#08979c", "#262626"],
  },
  // None in factory stock: dealers reserve it with a pre-order.
  {
    code: "V-VLTX-PERF",
    kind: "VEHICLE",
    model: "VLTX",
    nameEn: "Volt X Performance AWD",
    nameZh: "伏特 X 高性能四驱版",
    config: "Dual motor AWD Performance",
    specification: "100 kWh · 0–100 km/h 3.9 s",
    price: "259900.00",
    stock: 0,
    minOrderQty: 1,
    shape: "ev",
    colours: ["#531dab", "#141414"],
    remark: "Allocated in batches: reserve with a pre-order.",
  },
  {
    code: "V-TRL2-24T",
    kind: "VEHICLE",
    model: "TRL2",
    nameEn: "Trail 2 2.4T 4WD Double Cab",
    nameZh: "远途 2 2.4T 四驱双排",
    config: "2.4T diesel 4WD, double cab",
    specification: "5 seats · 6MT · 1 t payload",
    price: "149900.00",
    stock: 3,
    minOrderQty: 1,
    shape: "pickup",
    colours: ["#d46b08", "#595959"],
  },
];

const p = (
  code: string,
  nameEn: string,
  nameZh: string,
  price: string,
  stock: number,
  minOrderQty: number,
  shape: Shape,
  specification: string,
  group?: string,
  more: Partial<GoodsSeed> = {},
): GoodsSeed => ({ code, kind: "PART", nameEn, nameZh, price, stock, minOrderQty, shape, specification, group, colours: [more.colours?.[0] ?? "#237804"], ...more });

const PARTS: GoodsSeed[] = [
  p("P-BP-AUR-F", "Front brake pads (Aurora)", "前刹车片（极光）", "420.00", 120, 2, "disc", "Ceramic, axle set", "AURORA"),
  p("P-BP-AUR-R", "Rear brake pads (Aurora)", "后刹车片（极光）", "360.00", 80, 2, "disc", "Ceramic, axle set", "AURORA"),
  p("P-BD-MET-F", "Front brake disc (Metro)", "前刹车盘（都市）", "680.00", 40, 1, "disc", "Vented, 300 mm", "METRO", { colours: ["#8c8c8c"] }),
  p("P-OF-15T", "Oil filter 1.5T", "机油滤清器 1.5T", "45.00", 500, 10, "filter", "Spin-on, M20×1.5"),
  p("P-OF-20T", "Oil filter 2.0T", "机油滤清器 2.0T", "52.00", 300, 10, "filter", "Cartridge"),
  p("P-AF-AUR", "Engine air filter (Aurora)", "空气滤清器（极光）", "88.00", 260, 5, "filter", "Panel filter", "AURORA", { colours: ["#d4b106"] }),
  // Out of stock: the cart and the mall show why it cannot be ordered.
  p("P-CF-PM25", "Cabin air filter PM2.5", "空调滤清器 PM2.5", "99.00", 0, 5, "filter", "Activated carbon", undefined, { colours: ["#595959"] }),
  p("P-FF-15T", "Fuel filter 1.5T", "燃油滤清器 1.5T", "120.00", 150, 5, "filter", "In-tank", "METRO", { colours: ["#cf1322"] }),
  p("P-WB-SET", 'Wiper blade set 26" + 16"', '雨刮片套装 26"+16"', "138.00", 200, 4, "wiper", "Frameless, pair"),
  p("P-WB-REAR", 'Rear wiper blade 12"', '后雨刮片 12"', "58.00", 90, 4, "wiper", "Rear, single", "AURORA"),
  p("P-SP-IR", "Iridium spark plug", "铱金火花塞", "65.00", 400, 4, "plug", "Gap 0.8 mm"),
  p("P-OIL-5W30", "Engine oil 5W-30, 4 L", "机油 5W-30 4升", "320.00", 240, 6, "bottle", "Fully synthetic, API SP", undefined, { colours: ["#d4b106"] }),
  p("P-COOL-4L", "Coolant, 4 L", "冷却液 4升", "96.00", 180, 6, "bottle", "-35 °C, OAT", undefined, { colours: ["#13c2c2"] }),
  p("P-BF-DOT4", "Brake fluid DOT 4, 1 L", "刹车油 DOT4 1升", "68.00", 160, 6, "bottle", "DOT 4", undefined, { colours: ["#ad2102"] }),
  p("P-HL-H7", "Headlamp bulb H7", "大灯灯泡 H7", "85.00", 110, 2, "bulb", "12 V 55 W", "METRO", { colours: ["#fadb14"] }),
  p("P-BAT-70AH", "Battery 12 V 70 Ah", "蓄电池 12V 70Ah", "899.00", 35, 1, "battery", "AGM, start-stop", undefined, { colours: ["#1d39c4"] }),
  p("P-TB-KIT", "Timing belt kit 1.5T", "正时皮带套件 1.5T", "1280.00", 20, 1, "belt", "Belt, tensioner, idler", undefined, { colours: ["#262626"] }),
  p("P-SA-AUR-F", "Front shock absorber (Aurora)", "前减震器（极光）", "760.00", 24, 2, "spring", "Gas, pair", "AURORA", { colours: ["#cf1322"] }),
  p("P-CC-7KW", "AC charging cable 7 kW (Volt)", "交流充电枪 7kW（伏特）", "1599.00", 60, 1, "cable", "Type 2, 5 m", "VOLT", { colours: ["#08979c"] }),
  // Off sale: dealers never see it.
  p("P-CK-OLD", "Clutch kit (discontinued)", "离合器套件（停产）", "1880.00", 12, 1, "kit", "Superseded by P-CK-2", "TRAIL", { onSale: false, colours: ["#8c8c8c"] }),
];

const d = (
  code: string,
  nameEn: string,
  nameZh: string,
  price: string,
  stock: number,
  minOrderQty: number,
  shape: Shape,
  specification: string,
  colour: string,
  group?: string,
): GoodsSeed => ({ code, kind: "DERIVATIVE", nameEn, nameZh, price, stock, minOrderQty, shape, specification, group, colours: [colour] });

const DERIVATIVES: GoodsSeed[] = [
  d("D-MAT-AUR5", "All-weather floor mats (Aurora 5)", "全天候脚垫（极光 5）", "598.00", 80, 1, "mat", "TPE, 5 pieces", "#262626", "AURORA"),
  d("D-ROOF-450", "Roof cargo box 450 L", "车顶行李箱 450升", "2899.00", 15, 1, "box", "450 L, dual-side opening", "#434343"),
  d("D-DASH-4K", "Dash cam 4K", "4K 行车记录仪", "899.00", 50, 1, "camera", "Front 4K + rear 1080p", "#1f1f1f"),
  d("D-CAP-GM", "Green Motors cap", "绿色汽车棒球帽", "89.00", 300, 5, "cap", "Cotton, one size", "#237804"),
  d("D-KEY-LTH", "Leather key fob cover", "真皮钥匙包", "49.00", 500, 10, "key", "Genuine leather", "#873800"),
  d("D-MODEL-AUR7", "Aurora 7 scale model 1:18", "极光 7 车模 1:18", "499.00", 40, 1, "suv", "Die-cast, 1:18", "#595959", "AURORA"),
  d("D-PUMP-12V", "Portable tyre inflator", "便携式充气泵", "299.00", 100, 2, "pump", "12 V, digital gauge", "#d46b08"),
  d("D-CARE-KIT", "Car care kit", "洗车护理套装", "199.00", 120, 2, "kit", "Shampoo, wax, microfibre", "#1677ff"),
];

const VIN_SERIAL_START = 100;

/** The parts category (dictionary parts_category, purchase plans) of each seeded part; every
 * derivative goods is ACCESSORIES, a part not named here OTHER (spark plug, belt, shock absorber,
 * clutch). */
const PART_CATEGORY: Record<string, string> = {
  "P-BP-AUR-F": "BRAKES",
  "P-BP-AUR-R": "BRAKES",
  "P-BD-MET-F": "BRAKES",
  "P-OF-15T": "FILTERS",
  "P-OF-20T": "FILTERS",
  "P-AF-AUR": "FILTERS",
  "P-CF-PM25": "FILTERS",
  "P-FF-15T": "FILTERS",
  "P-OIL-5W30": "FLUIDS",
  "P-COOL-4L": "FLUIDS",
  "P-BF-DOT4": "FLUIDS",
  "P-HL-H7": "ELECTRICAL",
  "P-BAT-70AH": "ELECTRICAL",
  "P-CC-7KW": "ELECTRICAL",
  "P-WB-SET": "BODY_TRIM",
  "P-WB-REAR": "BODY_TRIM",
};

export function partsCategoryOf(g: { code: string; kind: GoodsKind }): string | null {
  if (g.kind === "VEHICLE") return null;
  if (g.kind === "DERIVATIVE") return "ACCESSORIES";
  return PART_CATEGORY[g.code] ?? "OTHER";
}

/** Seeded parts and derivatives created before Goods.partsCategory existed get theirs; a category
 * someone has set since is kept (only null rows change), so a rerun changes nothing. */
async function seedPartsCategories(): Promise<void> {
  const byCategory = new Map<string, string[]>();
  for (const g of [...PARTS, ...DERIVATIVES]) {
    const c = partsCategoryOf(g)!;
    byCategory.set(c, [...(byCategory.get(c) ?? []), g.code]);
  }
  for (const [partsCategory, codes] of byCategory)
    await db().goods.updateMany({ where: { code: { in: codes }, kind: { in: ["PART", "DERIVATIVE"] }, partsCategory: null }, data: { partsCategory } });
}

export async function seedCatalog(uploaderId: number): Promise<void> {
  const prisma = db();
  await prisma.carGroup.createMany({ data: GROUPS, skipDuplicates: true });
  const groupIds = new Map((await prisma.carGroup.findMany({ where: { code: { in: GROUPS.map((g) => g.code) } }, select: { id: true, code: true } })).map((g) => [g.code, g.id]));
  await prisma.vehicleModel.createMany({
    data: MODELS.filter((m) => groupIds.has(m.group)).map(({ group, ...m }) => ({ ...m, carGroupId: groupIds.get(group)! })),
    skipDuplicates: true,
  });
  const models = new Map(
    (await prisma.vehicleModel.findMany({ where: { code: { in: MODELS.map((m) => m.code) } }, select: { id: true, code: true, carGroupId: true } })).map((m) => [m.code, m]),
  );

  const all = [...VEHICLES, ...PARTS, ...DERIVATIVES];
  const existing = new Set((await prisma.goods.findMany({ where: { code: { in: all.map((g) => g.code) } }, select: { code: true } })).map((g) => g.code));
  const missing = all.filter((g) => !existing.has(g.code));
  await seedPartsCategories();
  if (!missing.length) return;

  const sortOf = new Map(all.map((g, i) => [g.code, (i + 1) * 10]));
  const created = await prisma.goods.createManyAndReturn({
    data: missing.map((g) => {
      const model = g.model ? models.get(g.model) : undefined;
      return {
        code: g.code,
        kind: g.kind,
        nameEn: g.nameEn,
        nameZh: g.nameZh,
        vehicleModelId: model?.id ?? null,
        carGroupId: model?.carGroupId ?? (g.group ? (groupIds.get(g.group) ?? null) : null),
        config: g.config ?? null,
        specification: g.specification ?? null,
        partsCategory: partsCategoryOf(g),
        price: g.price,
        stock: g.stock,
        minOrderQty: g.minOrderQty,
        onSale: g.onSale ?? true,
        remark: g.remark ?? null,
        sort: sortOf.get(g.code)!,
      };
    }),
    select: { id: true, code: true, vehicleModelId: true },
  });
  const byCode = new Map(missing.map((g) => [g.code, g]));

  // Pictures: two colours of each vehicle, one of each part.
  const storage = await localStorageDir();
  if (storage) {
    const jobs: PictureJob[] = created.flatMap((row) => {
      const g = byCode.get(row.code)!;
      return g.colours.map((colour, index) => ({ goodsId: row.id, code: g.code, index, svg: goodsSvg(g.shape, colour, g.nameEn, g.code) }));
    });
    const covers = await storePictures(storage, uploaderId, jobs);
    await Promise.all([...covers].map(([id, coverId]) => prisma.goods.update({ where: { id }, data: { coverId } })));
  }

  // Factory stock: `stock` vehicles per vehicle goods, VIN "LGW" + model code + the goods' place
  // among its model's goods + check digit + year "T" + plant "A" + serial.
  const vehicles = created.flatMap((row) => {
    const g = byCode.get(row.code)!;
    if (g.kind !== "VEHICLE" || !row.vehicleModelId || !g.model) return [];
    const variant = VEHICLES.filter((v) => v.model === g.model).findIndex((v) => v.code === g.code) + 1;
    return Array.from({ length: g.stock }, (_, i) => ({
      vin: withCheckDigit(`LGW${g.model}${variant}0TA${String(VIN_SERIAL_START + i).padStart(6, "0")}`),
      goodsId: row.id,
      vehicleModelId: row.vehicleModelId!,
      colour: i % 2 ? "Pearl White" : "Forest Green",
      status: "FACTORY_STOCK" as const,
      entryAt: new Date(Date.now() - (90 - i) * 86_400_000),
    }));
  });
  if (vehicles.length) {
    // The entry event happens when the vehicle entered the factory warehouse (before the demo
    // orders, up to 50 days old, ship some of them).
    const rows = await prisma.vehicle.createManyAndReturn({ data: vehicles, skipDuplicates: true, select: { id: true, entryAt: true } });
    await prisma.vehicleEvent.createMany({
      data: rows.map((v) => ({ vehicleId: v.id, fromStatus: null, toStatus: "FACTORY_STOCK" as const, userId: uploaderId, createdAt: v.entryAt })),
    });
  }
}

import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { db } from "@/lib/db";
import type { NewsStatus } from "@/lib/generated/prisma/enums";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { slugify } from "@/lib/news/slug";
import { localStorageDir } from "./catalog-pictures";

// Demo news (market/news and the public /news pages): nine bilingual articles by staff.sales —
// seven published over the last weeks, one scheduled a week ahead, one draft — each with a
// cover drawn locally (an SVG scene rendered to WebP with a thumbnail, stored like an upload:
// Attachment owner "news", field "cover"); the launch article also shows a picture in its text
// (field "detail"). Articles are found again by slug, so re-seeding adds only missing ones and
// never touches what staff edited.

const DAY = 86_400_000;
const W = 1200;
const H = 675;

type Scene = "launch" | "service" | "charging" | "conference" | "parts" | "offroad" | "warranty" | "sedan" | "chart";

const SKIES: Record<Scene, [string, string]> = {
  launch: ["#0b2912", "#237804"],
  service: ["#e6fffb", "#87e8de"],
  charging: ["#001d66", "#1677ff"],
  conference: ["#2f0f5d", "#722ed1"],
  parts: ["#fff7e6", "#ffd591"],
  offroad: ["#fff1b8", "#d48806"],
  warranty: ["#f6ffed", "#95de64"],
  sedan: ["#fff0f6", "#ff85c0"],
  chart: ["#f0f5ff", "#85a5ff"],
};

const car = (x: number, y: number, s: number, colour: string) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M0 120 L14 62 Q26 34 80 28 L190 -20 Q230 -36 290 -36 L420 -32 Q470 -28 510 12 L548 50 Q610 60 622 96 L626 120 Z" fill="${colour}" stroke="#141414" stroke-width="5"/>
    <path d="M210 -6 L290 -22 L420 -20 L470 24 L200 26 Z" fill="#d6e4ff" opacity="0.9"/>
    <circle cx="130" cy="122" r="52" fill="#141414"/><circle cx="130" cy="122" r="22" fill="#bfbfbf"/>
    <circle cx="500" cy="122" r="52" fill="#141414"/><circle cx="500" cy="122" r="22" fill="#bfbfbf"/>
  </g>`;

const DRAW: Record<Scene, string> = {
  launch: `${car(300, 380, 1, "#13c2c2")}
    <path d="M600 120 L560 230 L610 230 L580 330 L680 190 L625 190 L660 120 Z" fill="#fadb14"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<circle cx="${160 + i * 150}" cy="${90 + (i % 2) * 50}" r="${6 + (i % 3) * 3}" fill="#fff" opacity="0.7"/>`).join("")}
    <rect x="0" y="590" width="${W}" height="85" fill="#000" opacity="0.35"/>`,
  service: `<rect x="0" y="520" width="${W}" height="155" fill="#5b8c00" opacity="0.35"/>
    ${car(120, 420, 0.8, "#389e0d")}
    <g transform="translate(760 150) rotate(35)"><rect x="0" y="0" width="60" height="330" rx="28" fill="#434343"/><circle cx="30" cy="0" r="78" fill="#434343"/><circle cx="30" cy="-20" r="40" fill="#e6fffb"/></g>
    <circle cx="980" cy="180" r="70" fill="#fff" opacity="0.8"/><path d="M945 180 L972 208 L1020 150" fill="none" stroke="#389e0d" stroke-width="16" stroke-linecap="round"/>`,
  charging: `${[0, 1, 2].map((i) => `<g transform="translate(${160 + i * 330} 180)"><rect width="120" height="300" rx="16" fill="#f0f5ff"/><rect x="20" y="30" width="80" height="70" rx="6" fill="#52c41a"/><path d="M120 160 Q200 170 210 290" fill="none" stroke="#f0f5ff" stroke-width="14"/><path d="M55 140 L40 190 L62 190 L50 240 L82 175 L60 175 L72 140 Z" fill="#fadb14"/></g>`).join("")}
    <rect x="0" y="560" width="${W}" height="115" fill="#000" opacity="0.3"/>`,
  conference: `<rect x="120" y="110" width="960" height="330" rx="18" fill="#f9f0ff" opacity="0.95"/>
    <rect x="180" y="160" width="420" height="230" rx="10" fill="#b37feb"/><path d="M220 350 L320 270 L390 320 L480 220 L560 290" fill="none" stroke="#fff" stroke-width="12"/>
    <rect x="650" y="180" width="360" height="28" rx="14" fill="#d3adf7"/><rect x="650" y="240" width="300" height="28" rx="14" fill="#d3adf7"/><rect x="650" y="300" width="330" height="28" rx="14" fill="#d3adf7"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<g transform="translate(${150 + i * 130} 520)"><circle cx="40" cy="0" r="34" fill="#efdbff"/><rect x="0" y="40" width="80" height="120" rx="36" fill="#efdbff"/></g>`).join("")}`,
  parts: `${[0, 1, 2, 3, 4, 5].map((i) => `<g transform="translate(${130 + (i % 3) * 190} ${360 - Math.floor(i / 3) * 160})"><rect width="170" height="150" rx="8" fill="#d46b08"/><rect x="70" y="0" width="30" height="150" fill="#ffe7ba"/></g>`).join("")}
    <g transform="translate(720 330)"><rect width="330" height="180" rx="12" fill="#fa8c16"/><path d="M330 60 L420 60 L460 120 L460 180 L330 180 Z" fill="#ad4e00"/><circle cx="80" cy="190" r="40" fill="#262626"/><circle cx="380" cy="190" r="40" fill="#262626"/></g>
    <rect x="0" y="560" width="${W}" height="115" fill="#873800" opacity="0.25"/>`,
  offroad: `<path d="M0 460 L220 230 L380 380 L560 160 L820 420 L980 260 L1200 450 L1200 675 L0 675 Z" fill="#ad6800" opacity="0.55"/>
    <path d="M560 160 L610 210 L520 215 Z" fill="#fff"/>
    <g transform="translate(330 420) scale(0.95)">
      <path d="M0 120 L6 40 Q12 20 50 18 L260 18 L280 -60 Q290 -76 330 -76 L440 -76 Q465 -76 480 -50 L520 18 L640 22 Q656 25 656 50 L656 120 Z" fill="#874d00" stroke="#141414" stroke-width="5"/>
      <circle cx="130" cy="122" r="56" fill="#141414"/><circle cx="130" cy="122" r="24" fill="#bfbfbf"/><circle cx="540" cy="122" r="56" fill="#141414"/><circle cx="540" cy="122" r="24" fill="#bfbfbf"/>
    </g>`,
  warranty: `<path d="M600 110 L820 190 L800 400 Q780 520 600 590 Q420 520 400 400 L380 190 Z" fill="#237804"/>
    <path d="M510 350 L580 420 L710 270" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>
    ${car(800, 500, 0.5, "#52c41a")}${car(60, 500, 0.5, "#1677ff")}`,
  sedan: `${car(260, 400, 1.05, "#c41d7f")}
    <rect x="0" y="600" width="${W}" height="75" fill="#000" opacity="0.2"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${90 + i * 230}" y="110" width="120" height="16" rx="8" fill="#fff" opacity="0.6"/>`).join("")}`,
  chart: `<rect x="160" y="120" width="880" height="440" rx="16" fill="#fff"/>
    ${[150, 210, 190, 270, 320, 300, 380].map((h, i) => `<rect x="${230 + i * 110}" y="${520 - h}" width="70" height="${h}" rx="6" fill="${i === 6 ? "#237804" : "#597ef7"}"/>`).join("")}
    <path d="M265 350 L375 300 L485 320 L595 240 L705 190 L815 215 L925 140" fill="none" stroke="#fa541c" stroke-width="8"/>`,
};

export function newsSvg(scene: Scene): string {
  const [top, bottom] = SKIES[scene];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${DRAW[scene]}
</svg>`;
}

type Demo = {
  scene: Scene;
  /** Days before now (negative: scheduled that many days ahead). */
  daysAgo: number;
  status: NewsStatus;
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  detailEn: string;
  detailZh: string;
  views: number;
  /** A second picture shown inside the text (the launch article). */
  inline?: { scene: Scene; altEn: string; altZh: string };
};

const ARTICLES: Demo[] = [
  {
    scene: "launch",
    daysAgo: 2,
    status: "PUBLISHED",
    views: 1284,
    titleEn: "Volt X opens for pre-orders: 650 km range and 10-minute top-ups",
    titleZh: "伏特 X 开启预订：650 公里续航，充电 10 分钟",
    summaryEn: "Our new flagship EV can be reserved at every Green Motors dealer from today; first deliveries are planned for the spring.",
    summaryZh: "全新旗舰纯电车型伏特 X 即日起可在全国绿色汽车经销商处预订，首批车辆计划于春季交付。",
    detailEn: `<p>Volt X, the flagship of the Volt EV family, is open for pre-orders at every Green Motors dealer from today. Dealers can reserve vehicles in the Vehicle Mall under <strong>Pre-orders</strong>; confirmed reservations are converted into orders as soon as stock arrives.</p>
<h2>Highlights</h2>
<ul><li>Up to 650 km CLTC range with the 95 kWh battery</li><li>800 V platform: 10–80% in about 18 minutes, 200 km in 10 minutes</li><li>Dual-motor all-wheel drive, 0–100 km/h in 3.9 s</li><li>8-year / 160,000 km battery warranty</li></ul>
{{inline}}
<h2>For dealers</h2>
<p>Demonstration vehicles ship in two batches. Please make sure at least one DC charger at your store is commissioned before the first demo car arrives. Training material is available in the Download Center.</p>`,
    detailZh: `<p>伏特纯电家族旗舰车型伏特 X 即日起在全国绿色汽车经销商处开启预订。经销商可在整车商城的<strong>预订</strong>中为客户预订车辆，确认后的预订将在到货后自动转为订单。</p>
<h2>产品亮点</h2>
<ul><li>95 kWh 电池，CLTC 续航最高 650 公里</li><li>800 V 高压平台：10%–80% 约 18 分钟，充电 10 分钟续航 200 公里</li><li>双电机四驱，百公里加速 3.9 秒</li><li>电池 8 年 / 16 万公里质保</li></ul>
{{inline}}
<h2>经销商须知</h2>
<p>展车分两批发运。请在首台展车到店前确保门店至少一台直流充电桩调试完毕。培训资料已上传至下载中心。</p>`,
    inline: { scene: "charging", altEn: "Volt X at a fast charger", altZh: "伏特 X 在快充桩充电" },
  },
  {
    scene: "service",
    daysAgo: 6,
    status: "PUBLISHED",
    views: 642,
    titleEn: "Spring service campaign: free 30-point check for every Green Motors car",
    titleZh: "春季关爱服务活动：绿色汽车全系车型免费 30 项检测",
    summaryEn: "From March 1 to April 30 every owner gets a free 30-point inspection and 20% off brake pads and wiper blades.",
    summaryZh: "3 月 1 日至 4 月 30 日，所有车主均可享受免费 30 项检测，刹车片与雨刮片八折优惠。",
    detailEn: `<p>Our spring service campaign runs from <strong>March 1 to April 30</strong> at all authorised service points.</p>
<h3>What customers get</h3>
<ol><li>A free 30-point inspection (brakes, tyres, lights, battery, fluids)</li><li>20% off brake pads and wiper blades</li><li>A free car wash with any paid service</li></ol>
<p>Parts for the campaign can be ordered in the Parts Mall now; orders placed before February 20 ship with priority.</p>`,
    detailZh: `<p>春季关爱服务活动将于 <strong>3 月 1 日至 4 月 30 日</strong>在所有授权服务网点开展。</p>
<h3>客户权益</h3>
<ol><li>免费 30 项检测（制动、轮胎、灯光、蓄电池、油液）</li><li>刹车片、雨刮片八折</li><li>任意付费保养赠送洗车一次</li></ol>
<p>活动所需配件现已可在配件商城订购，2 月 20 日前下单优先发货。</p>`,
  },
  {
    scene: "charging",
    daysAgo: 11,
    status: "PUBLISHED",
    views: 517,
    titleEn: "1,000 new fast chargers at dealer sites by the end of the year",
    titleZh: "年底前经销商门店将新增 1000 台快充桩",
    summaryEn: "Green Motors co-funds DC chargers for dealers in 40 cities; applications are open until the end of next month.",
    summaryZh: "绿色汽车将在 40 个城市为经销商共同出资建设直流快充桩，申请截至下月底。",
    detailEn: `<p>To support the growing number of Volt owners, Green Motors will co-fund <strong>1,000 DC fast chargers</strong> at dealer sites in 40 cities this year.</p>
<table><thead><tr><th>Charger</th><th>Power</th><th>Co-funding</th></tr></thead><tbody><tr><td>Standard</td><td>120 kW</td><td>50%</td></tr><tr><td>Ultra</td><td>360 kW</td><td>60%</td></tr></tbody></table>
<p>Apply through your regional sales manager. Sites open to the public around the clock are preferred.</p>`,
    detailZh: `<p>为服务日益增长的伏特车主，绿色汽车今年将在 40 个城市的经销商门店共同出资建设 <strong>1000 台直流快充桩</strong>。</p>
<table><thead><tr><th>类型</th><th>功率</th><th>补贴比例</th></tr></thead><tbody><tr><td>标准桩</td><td>120 kW</td><td>50%</td></tr><tr><td>超充桩</td><td>360 kW</td><td>60%</td></tr></tbody></table>
<p>请通过所在大区销售经理申请，优先支持 24 小时对外开放的站点。</p>`,
  },
  {
    scene: "conference",
    daysAgo: 17,
    status: "PUBLISHED",
    views: 388,
    titleEn: "Annual dealer conference: record year and new partner programme",
    titleZh: "年度经销商大会：创纪录的一年与全新合作伙伴计划",
    summaryEn: "More than 300 partners met in Shanghai to review the year and launch the Green Partner programme.",
    summaryZh: "300 余家合作伙伴齐聚上海，回顾全年成绩并发布「绿色伙伴」计划。",
    detailEn: `<p>More than 300 dealer partners met in Shanghai for this year's conference. Retail sales grew by 28%, led by the Aurora SUV family.</p>
<blockquote>“Our dealers made this record year possible,” said the head of sales operations.</blockquote>
<p>The new <strong>Green Partner</strong> programme rewards customer satisfaction and after-sales quality, not only volume. Details are in the Download Center.</p>`,
    detailZh: `<p>300 余家经销商伙伴齐聚上海参加本年度经销商大会。全年零售销量增长 28%，极光 SUV 家族贡献最大。</p>
<blockquote>“创纪录的一年离不开每一位经销商伙伴。”销售运营负责人表示。</blockquote>
<p>全新<strong>「绿色伙伴」</strong>计划将客户满意度与售后质量纳入奖励，而不仅仅是销量。详情请见下载中心。</p>`,
  },
  {
    scene: "parts",
    daysAgo: 24,
    status: "PUBLISHED",
    views: 296,
    titleEn: "New parts distribution centre cuts delivery to 24 hours in East China",
    titleZh: "新配件配送中心投入运营，华东地区 24 小时送达",
    summaryEn: "Parts orders confirmed before 3 pm now leave the Jiading centre the same day.",
    summaryZh: "下午 3 点前确认的配件订单当天即可从嘉定配送中心发出。",
    detailEn: `<p>The new parts distribution centre in Jiading, Shanghai, is now in operation. Parts orders confirmed before <strong>3 pm</strong> leave the same day and reach dealers in East China within 24 hours.</p>
<p>Returns of parts after sale also go to the new centre; please use the address shown in the after-sales return form.</p>`,
    detailZh: `<p>位于上海嘉定的新配件配送中心已正式投入运营。<strong>下午 3 点</strong>前确认的配件订单当天发出，华东地区经销商 24 小时内即可收货。</p>
<p>售后配件退货也将寄往新中心，请使用售后退货单中显示的地址。</p>`,
  },
  {
    scene: "offroad",
    daysAgo: 33,
    status: "PUBLISHED",
    views: 211,
    titleEn: "Trail 2 owners' weekend: 120 pickups in the Inner Mongolia grassland",
    titleZh: "远途 2 车主周末：120 台皮卡驰骋内蒙古草原",
    summaryEn: "Owners, dealers and engineers spent two days off-road; next year's route opens for sign-ups in spring.",
    summaryZh: "车主、经销商与工程师共同度过两天越野之旅，明年的线路将于春季开放报名。",
    detailEn: `<p>120 Trail 2 pickups and their owners joined our engineers for two days of off-road driving in the Inner Mongolia grassland.</p>
<p>Dealers who want to host a local owners' event can request support material and demo vehicles from their regional manager.</p>`,
    detailZh: `<p>120 台远途 2 皮卡及车主与我们的工程师一起，在内蒙古草原进行了两天越野驾驶。</p>
<p>希望举办本地车主活动的经销商，可向大区经理申请活动物料与试驾车辆支持。</p>`,
  },
  {
    scene: "warranty",
    daysAgo: 45,
    status: "PUBLISHED",
    views: 934,
    titleEn: "Aurora 7 warranty extended to 4 years for all new sales",
    titleZh: "极光 7 新车质保延长至 4 年",
    summaryEn: "Every Aurora 7 sold from this month on carries a 48-month warranty; the vehicle information screen shows the new end date.",
    summaryZh: "本月起售出的每一台极光 7 均享受 48 个月质保，车辆信息页面将显示新的质保截止日期。",
    detailEn: `<p>Every Aurora 7 sold from this month on carries a <strong>48-month</strong> vehicle warranty, one year more than before.</p>
<p>The warranty starts on the day of the retail sale recorded in <em>Vehicle sales</em>. Vehicles sold earlier keep their original warranty.</p>`,
    detailZh: `<p>本月起售出的每一台极光 7 均享受 <strong>48 个月</strong>整车质保，比此前延长一年。</p>
<p>质保自在<em>车辆销售</em>中登记的零售日期起算；此前售出的车辆保持原有质保期限。</p>`,
  },
  {
    scene: "sedan",
    daysAgo: -7,
    status: "PUBLISHED",
    views: 0,
    titleEn: "Metro 5 facelift: pre-sales start next week",
    titleZh: "都市 5 改款车型下周开启预售",
    summaryEn: "The refreshed Metro 5 brings a new cockpit screen, adaptive cruise control as standard and a lower price.",
    summaryZh: "改款都市 5 换装全新座舱大屏，全系标配自适应巡航，价格更具竞争力。",
    detailEn: `<p>The refreshed Metro 5 goes on pre-sale next week with a 15.6-inch cockpit screen and adaptive cruise control as standard.</p>`,
    detailZh: `<p>改款都市 5 将于下周开启预售，配备 15.6 英寸座舱大屏，全系标配自适应巡航。</p>`,
  },
  {
    scene: "chart",
    daysAgo: 0,
    status: "DRAFT",
    views: 0,
    titleEn: "Quarterly results for dealers (draft)",
    titleZh: "经销商季度业绩通报（草稿）",
    summaryEn: "Sales, stock turnover and customer satisfaction by region for the last quarter.",
    summaryZh: "上季度各大区销量、库存周转与客户满意度。",
    detailEn: `<p>Figures to be confirmed by finance before publishing.</p>`,
    detailZh: `<p>数据待财务确认后发布。</p>`,
  },
];

type Picture = { id: string; svg: string; newsId: number; field: "cover" | "detail"; name: string; at: Date };

async function put(dir: string, key: string, data: Buffer): Promise<void> {
  const file = path.join(dir, ...key.split("/"));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
}

/** Renders and stores the pictures the way an upload would (WebP, thumbnail inside 320 px). */
async function storeNewsPictures(dir: string, uploaderId: number, pictures: Picture[]): Promise<void> {
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  for (const p of pictures) {
    const png = await sharp(Buffer.from(p.svg)).png().toBuffer();
    const [main, thumb] = await Promise.all([
      sharp(png).webp({ quality: 80, effort: 2 }).toBuffer(),
      sharp(png).resize(320, 320, { fit: "inside" }).webp({ quality: 72, effort: 2 }).toBuffer(),
    ]);
    const key = `${month}/${p.id}.webp`;
    const thumbKey = `${month}/${p.id}-t.webp`;
    await Promise.all([put(dir, key, main), put(dir, thumbKey, thumb)]);
    await db().attachment.create({
      data: {
        id: p.id,
        kind: "IMAGE",
        mime: "image/webp",
        ext: "webp",
        size: main.byteLength,
        sha256: createHash("sha256").update(main).digest("hex"),
        storageKey: key,
        thumbKey,
        width: W,
        height: H,
        originalName: p.name,
        uploaderId,
        ownerType: "news",
        ownerId: String(p.newsId),
        field: p.field,
        createdAt: p.at,
      },
    });
  }
}

export async function seedNews(): Promise<void> {
  const prisma = db();
  const author = await prisma.user.findUnique({ where: { account: "staff.sales" }, select: { id: true } });
  if (!author) return;
  const storage = await localStorageDir();
  const now = Date.now();
  for (const a of ARTICLES) {
    const slug = slugify(a.titleEn);
    if (await prisma.news.findFirst({ where: { slug, titleEn: a.titleEn }, select: { id: true } })) continue;
    const at = new Date(now - a.daysAgo * DAY);
    // Minutes only, as the editor's schedule field.
    at.setUTCSeconds(0, 0);
    const coverId = storage ? randomBytes(16).toString("hex") : null;
    const inlineId = storage && a.inline ? randomBytes(16).toString("hex") : null;
    const figure = (alt: string) => (inlineId ? `<p><img src="/customerWeb/media/${inlineId}" alt="${alt}" width="${W}" height="${H}"></p>` : "");
    const row = await prisma.news.create({
      data: {
        slug,
        titleEn: a.titleEn,
        titleZh: a.titleZh,
        summaryEn: a.summaryEn,
        summaryZh: a.summaryZh,
        detailEn: sanitizeRichText(a.detailEn.replace("{{inline}}", figure(a.inline?.altEn ?? ""))),
        detailZh: sanitizeRichText(a.detailZh.replace("{{inline}}", figure(a.inline?.altZh ?? ""))),
        coverId,
        status: a.status,
        publishAt: a.status === "PUBLISHED" ? at : null,
        views: a.views,
        authorId: author.id,
        createdAt: new Date(Math.min(now, at.getTime()) - DAY),
        updatedAt: a.status === "PUBLISHED" && a.daysAgo >= 0 ? at : new Date(now),
      },
      select: { id: true },
    });
    const pictures: Picture[] = [];
    if (coverId) pictures.push({ id: coverId, svg: newsSvg(a.scene), newsId: row.id, field: "cover", name: `${slug.slice(0, 60)}.webp`, at: new Date(at.getTime() - DAY) });
    if (inlineId && a.inline)
      pictures.push({ id: inlineId, svg: newsSvg(a.inline.scene), newsId: row.id, field: "detail", name: `${slug.slice(0, 50)}-figure.webp`, at: new Date(at.getTime() - DAY) });
    if (storage && pictures.length) await storeNewsPictures(storage.dir, author.id, pictures);
  }
}

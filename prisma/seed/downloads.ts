import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import ExcelJS from "exceljs";
import { sealSecret } from "@/lib/crypto/secret-box-core";
import { db } from "@/lib/db";
import { DOWNLOAD_FILE_FIELD, DOWNLOAD_IMAGE_FIELD, DOWNLOAD_OWNER, VERIFY_CODE_CONTEXT } from "@/lib/downloads/schemas";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { nextAuthSecret } from "@/scripts/lib/env";
import { localStorageDir, storePictures, type PictureJob } from "./catalog-pictures";

// Demo download centre (download/downloadCenters): price lists, a service manual, a brochure, a
// parts workbook, an external parts portal and a superseded price list that is switched off.
// The 2026 vehicle price list asks for the verify code "GM2026". Files are made here (a small
// PDF written by hand, an .xlsx with exceljs) and cover pictures drawn as SVG and rendered like
// the catalogue's — no downloads. Written once, on a download centre that has no items (an
// emptied centre stays empty); download counts match DownloadLog rows of the demo dealers.
// With S3 storage configured no files are written, so only the external-link item is created.

const DAY = 86_400_000;
export const DEMO_VERIFY_CODE = "GM2026";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF (Helvetica, ASCII text) with a title and lines, offsets computed exactly. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const stream = ["BT", "/F1 20 Tf", "56 780 Td", `(${pdfText(title)}) Tj`, "/F1 11 Tf", "16 TL", "0 -14 Td", ...lines.map((l) => `(${pdfText(l)}) '`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Dealer Platform demo seed) >>`,
  ];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

async function partsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Green Motors";
  const ws = wb.addWorksheet("Parts prices Q1 2026");
  ws.columns = [
    { header: "Part code", key: "code", width: 16 },
    { header: "Part", key: "name", width: 36 },
    { header: "Dealer price (CNY)", key: "price", width: 20 },
    { header: "MOQ", key: "moq", width: 8 },
  ];
  const rows: [string, string, number, number][] = [
    ["P-BP-AUR-F", "Front brake pads, Aurora", 480, 2],
    ["P-BD-MET-F", "Front brake disc, Metro", 620, 1],
    ["P-OF-15T", "Oil filter 1.5T", 45, 10],
    ["P-WB-22", 'Wiper blade 22"', 68, 10],
    ["P-AF-CAB", "Cabin air filter", 85, 10],
    ["P-BAT-12V", "12 V battery 60 Ah", 760, 1],
  ];
  for (const [code, name, price, moq] of rows) ws.addRow({ code, name, price, moq });
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A document cover for the pictures field: colour band, kind label, title lines. */
function coverSvg(colour: string, label: string, lines: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#f6f8f6"/>
  <rect x="170" y="40" width="460" height="520" rx="14" fill="#ffffff" stroke="#d9e3da" stroke-width="4"/>
  <rect x="170" y="40" width="460" height="150" rx="14" fill="${colour}"/>
  <rect x="170" y="150" width="460" height="40" fill="${colour}"/>
  <text x="205" y="105" font-size="26" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" fill="#ffffff" letter-spacing="3">${esc(label)}</text>
  <text x="205" y="150" font-size="20" font-family="DejaVu Sans, Arial, sans-serif" fill="#ffffff" opacity="0.85">GREEN MOTORS</text>
  ${lines.map((l, i) => `<text x="205" y="${250 + i * 44}" font-size="30" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" fill="#1f2a22">${esc(l)}</text>`).join("")}
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="205" y="${400 + i * 28}" width="${330 - (i % 2) * 90}" height="10" rx="5" fill="#d9e3da"/>`).join("")}
</svg>`;
}

type FileSpec = { name: string; ext: "pdf" | "xlsx"; mime: string; data: () => Promise<Buffer> };
type Demo = {
  title: string;
  content: string;
  daysAgo: number;
  file?: FileSpec;
  url?: string;
  code?: string;
  enabled?: boolean;
  covers: { colour: string; label: string; lines: string[] }[];
  /** Demo downloads by dealer.sh and dealer.group. */
  downloads: number;
};

const PDF = "application/pdf";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const DEMOS: Demo[] = [
  {
    title: "2026 Vehicle Price List (dealer net prices)",
    content: `<p>Dealer net prices, recommended retail prices and options of every 2026 model, valid from <strong>1 January 2026</strong>.</p><h2>What is inside</h2><ul><li>Aurora EV, Metro Sedan, Terra SUV, Ridge Pickup</li><li>Option packs and paint surcharges</li><li>Delivery and registration fees by region</li></ul><p>Confidential: ask your regional manager for the verification code.</p>`,
    daysAgo: 2,
    code: DEMO_VERIFY_CODE,
    downloads: 6,
    file: {
      name: "green-motors-price-list-2026.pdf",
      ext: "pdf",
      mime: PDF,
      data: async () =>
        demoPdf("Green Motors 2026 Vehicle Price List", [
          "Dealer net prices, valid from 1 January 2026.",
          "",
          "Aurora EV Standard       CNY 189,800   RRP CNY 209,800",
          "Aurora EV Long Range     CNY 219,800   RRP CNY 239,800",
          "Metro Sedan 1.5T         CNY 109,800   RRP CNY 119,800",
          "Terra SUV 2.0T AWD       CNY 169,800   RRP CNY 185,800",
          "Ridge Pickup 2.0T        CNY 139,800   RRP CNY 152,800",
          "",
          "Confidential - for authorised Green Motors dealers only.",
        ]),
    },
    covers: [{ colour: "#237804", label: "PRICE LIST", lines: ["2026 Vehicle", "Price List"] }],
  },
  {
    title: "Aurora EV Service Manual, chapter 3: high-voltage battery",
    content: `<p>Removal, inspection and refitting of the high-voltage battery pack of the Aurora EV.</p><h3>Before you start</h3><ol><li>Only technicians certified for high-voltage work.</li><li>Switch off and lock out the service disconnect; wait 10 minutes.</li><li>Check for zero voltage at the pack connector.</li></ol><blockquote>Torque values changed in revision C: see table 3-4.</blockquote>`,
    daysAgo: 9,
    downloads: 4,
    file: {
      name: "aurora-ev-service-manual-ch3.pdf",
      ext: "pdf",
      mime: PDF,
      data: async () =>
        demoPdf("Aurora EV Service Manual - Chapter 3", [
          "High-voltage battery: removal, inspection, refitting. Revision C.",
          "",
          "3-1  Safety: certified technicians only; isolate and wait 10 min.",
          "3-2  Removal: lift points, support table, connector sequence.",
          "3-3  Inspection: seal, coolant ports, insulation resistance.",
          "3-4  Refitting: bolt torque 55 Nm in cross pattern (was 50 Nm).",
        ]),
    },
    covers: [
      { colour: "#0958d9", label: "SERVICE MANUAL", lines: ["Aurora EV", "Chapter 3", "HV battery"] },
      { colour: "#08979c", label: "TORQUE TABLE", lines: ["Table 3-4", "Revision C"] },
    ],
  },
  {
    title: "Metro Sedan brochure 2026",
    content: `<p>The customer brochure of the Metro Sedan: models, equipment, colours and accessories. Print-ready PDF for the showroom.</p>`,
    daysAgo: 15,
    downloads: 9,
    file: {
      name: "metro-sedan-brochure-2026.pdf",
      ext: "pdf",
      mime: PDF,
      data: async () =>
        demoPdf("Metro Sedan - 2026 brochure", [
          "Smart, efficient, made for the city.",
          "",
          "1.5T engine, 7-speed DCT, 5.9 l/100 km",
          "Colours: Glacier White, Graphite, Forest Green, Ruby Red",
          "Accessories: roof rails, floor mats, dash camera",
        ]),
    },
    covers: [{ colour: "#cf1322", label: "BROCHURE", lines: ["Metro Sedan", "2026"] }],
  },
  {
    title: "Parts price list Q1 2026 (Excel)",
    content: `<p>Dealer prices and minimum order quantities of the fast-moving parts for the first quarter of 2026. Order through the <strong>Parts Mall</strong>; prices there are binding.</p>`,
    daysAgo: 20,
    downloads: 3,
    file: { name: "parts-price-list-2026-q1.xlsx", ext: "xlsx", mime: XLSX, data: partsWorkbook },
    covers: [],
  },
  {
    title: "Green Motors parts catalogue (online portal)",
    content: `<p>The online electronic parts catalogue with exploded views and part numbers for every model since 2019. Sign in with your dealer code.</p>`,
    daysAgo: 30,
    url: "https://parts.greenmotors.example/catalogue",
    downloads: 5,
    covers: [{ colour: "#d46b08", label: "PARTS CATALOGUE", lines: ["Online portal", "All models"] }],
  },
  {
    title: "2025 Vehicle Price List (superseded)",
    content: `<p>Replaced by the 2026 price list. Kept for reference by the sales operations team.</p>`,
    daysAgo: 320,
    code: "GM2025",
    enabled: false,
    downloads: 0,
    file: {
      name: "green-motors-price-list-2025.pdf",
      ext: "pdf",
      mime: PDF,
      data: async () => demoPdf("Green Motors 2025 Vehicle Price List", ["Superseded by the 2026 price list."]),
    },
    covers: [],
  },
];

async function storeFile(dir: string, uploaderId: number, itemId: number, spec: FileSpec, at: Date): Promise<string> {
  const data = await spec.data();
  const id = randomBytes(16).toString("hex");
  const key = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, "0")}/${id}.${spec.ext}`;
  const file = path.join(dir, ...key.split("/"));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
  await db().attachment.create({
    data: {
      id,
      kind: "FILE",
      mime: spec.mime,
      ext: spec.ext,
      size: data.byteLength,
      sha256: createHash("sha256").update(data).digest("hex"),
      storageKey: key,
      originalName: spec.name,
      uploaderId,
      ownerType: DOWNLOAD_OWNER,
      ownerId: String(itemId),
      field: DOWNLOAD_FILE_FIELD,
      createdAt: at,
    },
  });
  return id;
}

export async function seedDownloads(): Promise<void> {
  if ((await db().downloadItem.count()) > 0) return;
  // The app seals and opens codes with APP_ENCRYPTION_KEY or NEXTAUTH_SECRET; the start scripts
  // hand the app the secret of .secrets.json when the environment has none, so the seed (run
  // without it) seals with that same secret, or the app could never open the demo code.
  if (!process.env.APP_ENCRYPTION_KEY && !process.env.NEXTAUTH_SECRET) process.env.NEXTAUTH_SECRET = nextAuthSecret();
  const [creator, ...dealers] = await Promise.all(
    ["staff.sales", "dealer.sh", "dealer.group"].map((account) =>
      db().user.findUnique({ where: { account }, select: { id: true, name: true, companies: { select: { companyId: true } } } }),
    ),
  );
  if (!creator) return;
  const storage = await localStorageDir();
  const pictures: PictureJob[] = [];
  const now = Date.now();
  for (const d of DEMOS) {
    if (d.file && !storage) continue;
    const createdAt = new Date(now - d.daysAgo * DAY);
    const item = await db().downloadItem.create({
      data: {
        title: d.title,
        content: sanitizeRichText(d.content),
        downloadUrl: d.url ?? null,
        verifyCode: d.code ? sealSecret(d.code, VERIFY_CODE_CONTEXT) : null,
        enabled: d.enabled ?? true,
        creatorId: creator.id,
        creatorName: creator.name,
        createdAt,
        downloads: 0,
      },
      select: { id: true },
    });
    if (d.file && storage) {
      const fileId = await storeFile(storage.dir, creator.id, item.id, d.file, createdAt);
      await db().downloadItem.update({ where: { id: item.id }, data: { fileId } });
    }
    d.covers.forEach((c, index) =>
      pictures.push({
        goodsId: 0,
        code: `download-${item.id}`,
        index,
        svg: coverSvg(c.colour, c.label, c.lines),
        owner: { type: DOWNLOAD_OWNER, id: item.id, field: DOWNLOAD_IMAGE_FIELD },
      }),
    );
    // Past downloads of the demo dealers, spread over the days since the item was added.
    const who = dealers.filter((u): u is NonNullable<typeof u> => !!u);
    if (who.length && d.downloads > 0) {
      const logs = Array.from({ length: d.downloads }, (_, i) => {
        const u = who[i % who.length];
        return {
          itemId: item.id,
          userId: u.id,
          companyId: u.companies[0]?.companyId ?? null,
          ok: true,
          createdAt: new Date(createdAt.getTime() + ((i + 1) * (now - createdAt.getTime())) / (d.downloads + 1)),
        };
      });
      await db().downloadLog.createMany({ data: logs });
      await db().downloadItem.update({ where: { id: item.id }, data: { downloads: logs.length } });
    }
  }
  if (storage && pictures.length) await storePictures(storage, creator.id, pictures);
}

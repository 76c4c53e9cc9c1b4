import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { db } from "@/lib/db";

// Demo goods pictures drawn locally (no downloads): an SVG of a car silhouette or a part icon
// with the goods' name, rendered to WebP with a 320 px thumbnail, written where the upload
// storage keeps files and recorded as Attachment rows owned by the goods ("goods"/"pictures").
// The seed runs outside Next (no server-only modules), so it writes the local storage layout
// (<localDir>/<yyyy>/<mm>/<id>.webp) itself; with S3 storage configured it draws nothing.

export type Shape =
  | "suv"
  | "sedan"
  | "ev"
  | "pickup"
  | "disc"
  | "filter"
  | "wiper"
  | "bottle"
  | "bulb"
  | "battery"
  | "plug"
  | "belt"
  | "spring"
  | "cable"
  | "mat"
  | "box"
  | "camera"
  | "cap"
  | "key"
  | "pump"
  | "kit";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CAR_BODY: Record<"suv" | "sedan" | "ev" | "pickup", string> = {
  suv: "M90 400 L120 300 Q140 250 200 240 L300 190 Q330 175 380 175 L560 178 Q600 180 630 215 L680 270 Q730 282 740 320 L745 400 Z",
  sedan: "M80 400 L95 330 Q110 300 170 292 L280 240 Q320 222 380 220 L520 222 Q570 225 610 262 L650 296 Q720 305 735 340 L740 400 Z",
  ev: "M80 400 L92 338 Q106 300 175 290 L300 228 Q340 210 400 210 L520 214 Q580 220 625 268 L660 300 Q725 312 735 345 L738 400 Z",
  pickup: "M80 400 L85 300 Q90 280 130 278 L330 278 L350 200 Q360 185 400 185 L520 185 Q545 185 560 210 L600 278 L730 282 Q745 285 745 310 L745 400 Z",
};

function carSvg(shape: "suv" | "sedan" | "ev" | "pickup", colour: string): string {
  return `
  <path d="${CAR_BODY[shape]}" fill="${colour}" stroke="#1f2a22" stroke-width="4"/>
  <path d="M310 ${shape === "pickup" ? 205 : 238} L380 ${shape === "pickup" ? 198 : 226} L520 ${shape === "pickup" ? 198 : 228} L570 ${shape === "pickup" ? 270 : 280} L300 280 Z" fill="#cfe3f2" opacity="0.85"/>
  <circle cx="220" cy="400" r="58" fill="#1f2a22"/><circle cx="220" cy="400" r="26" fill="#b8c2bb"/>
  <circle cx="610" cy="400" r="58" fill="#1f2a22"/><circle cx="610" cy="400" r="26" fill="#b8c2bb"/>
  ${shape === "ev" ? '<path d="M420 300 L395 345 L420 345 L405 385 L450 330 L425 330 L440 300 Z" fill="#fadb14"/>' : ""}`;
}

const ICONS: Record<Exclude<Shape, "suv" | "sedan" | "ev" | "pickup">, (c: string) => string> = {
  disc: (c) =>
    `<circle cx="400" cy="320" r="150" fill="${c}"/><circle cx="400" cy="320" r="60" fill="#f3f6f4"/><rect x="500" y="230" width="60" height="180" rx="14" fill="#1f2a22"/>`,
  filter: (c) =>
    `<rect x="300" y="170" width="200" height="300" rx="30" fill="${c}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="300" y="${200 + i * 45}" width="200" height="12" fill="#1f2a22" opacity="0.35"/>`).join("")}`,
  wiper: (c) => `<rect x="150" y="300" width="500" height="22" rx="11" fill="${c}" transform="rotate(-12 400 311)"/><rect x="380" y="300" width="20" height="160" fill="#1f2a22"/>`,
  bottle: (c) =>
    `<rect x="360" y="150" width="80" height="50" rx="8" fill="#1f2a22"/><rect x="300" y="200" width="200" height="270" rx="30" fill="${c}"/><rect x="330" y="280" width="140" height="90" rx="8" fill="#fff" opacity="0.8"/>`,
  bulb: (c) => `<circle cx="400" cy="270" r="110" fill="${c}"/><rect x="350" y="370" width="100" height="90" rx="10" fill="#1f2a22"/>`,
  battery: (c) =>
    `<rect x="250" y="210" width="300" height="220" rx="20" fill="${c}"/><rect x="300" y="180" width="50" height="30" fill="#1f2a22"/><rect x="450" y="180" width="50" height="30" fill="#1f2a22"/><text x="325" y="350" font-size="70" font-family="sans-serif" fill="#fff">+ −</text>`,
  plug: (c) =>
    `<rect x="370" y="140" width="60" height="120" rx="10" fill="#f0f0f0" stroke="#1f2a22" stroke-width="4"/><rect x="350" y="260" width="100" height="60" fill="${c}"/><rect x="385" y="320" width="30" height="130" fill="#8c8c8c"/>`,
  belt: (c) =>
    `<ellipse cx="400" cy="320" rx="220" ry="130" fill="none" stroke="${c}" stroke-width="34"/><circle cx="260" cy="320" r="50" fill="#1f2a22"/><circle cx="540" cy="320" r="50" fill="#1f2a22"/>`,
  spring: (c) =>
    `${[0, 1, 2, 3, 4, 5].map((i) => `<ellipse cx="400" cy="${190 + i * 45}" rx="110" ry="26" fill="none" stroke="${c}" stroke-width="16"/>`).join("")}<rect x="385" y="150" width="30" height="320" fill="#1f2a22" opacity="0.6"/>`,
  cable: (c) =>
    `<path d="M180 420 Q300 140 420 320 T640 220" fill="none" stroke="${c}" stroke-width="26" stroke-linecap="round"/><rect x="600" y="170" width="80" height="90" rx="14" fill="#1f2a22"/>`,
  mat: (c) =>
    `<path d="M250 160 L550 160 L580 470 L220 470 Z" fill="${c}"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="270" y="${200 + i * 55}" width="260" height="14" fill="#1f2a22" opacity="0.3"/>`).join("")}`,
  box: (c) => `<path d="M160 330 Q200 220 400 215 Q600 220 640 330 Z" fill="${c}"/><rect x="150" y="330" width="500" height="40" rx="10" fill="#1f2a22"/>`,
  camera: (c) =>
    `<rect x="230" y="220" width="340" height="200" rx="30" fill="${c}"/><circle cx="400" cy="320" r="70" fill="#1f2a22"/><circle cx="400" cy="320" r="35" fill="#69b1ff"/>`,
  cap: (c) => `<path d="M220 360 Q230 180 400 175 Q570 180 580 360 Z" fill="${c}"/><path d="M560 350 L700 380 L560 390 Z" fill="#1f2a22"/>`,
  key: (c) =>
    `<circle cx="300" cy="320" r="90" fill="none" stroke="${c}" stroke-width="36"/><rect x="380" y="302" width="260" height="36" fill="${c}"/><rect x="580" y="338" width="30" height="50" fill="${c}"/>`,
  pump: (c) =>
    `<rect x="280" y="200" width="240" height="230" rx="30" fill="${c}"/><rect x="320" y="240" width="160" height="70" rx="8" fill="#1f2a22"/><path d="M520 380 Q650 400 640 470" fill="none" stroke="#1f2a22" stroke-width="16"/>`,
  kit: (c) =>
    `<rect x="220" y="230" width="360" height="220" rx="20" fill="${c}"/><rect x="350" y="190" width="100" height="50" rx="12" fill="none" stroke="#1f2a22" stroke-width="14"/><rect x="220" y="310" width="360" height="16" fill="#1f2a22" opacity="0.4"/>`,
};

/** The picture of one goods: its drawing on a soft background, its name and code. */
export function goodsSvg(shape: Shape, colour: string, name: string, code: string): string {
  const drawing = shape === "suv" || shape === "sedan" || shape === "ev" || shape === "pickup" ? carSvg(shape, colour) : ICONS[shape](colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6ffed"/><stop offset="1" stop-color="#d9e8dc"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#bg)"/>
  <rect x="0" y="470" width="800" height="130" fill="#0b2912" opacity="0.88"/>
  ${drawing}
  <text x="40" y="528" font-size="34" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" fill="#ffffff">${esc(name.slice(0, 38))}</text>
  <text x="40" y="570" font-size="22" font-family="DejaVu Sans Mono, monospace" fill="#b7eb8f">${esc(code)}</text>
</svg>`;
}

type Storage = { dir: string } | null;

/** Where the local storage writes, or null when files go to S3 (the seed draws nothing then). */
export async function localStorageDir(): Promise<Storage> {
  const row = await db().attachmentStorage.findUnique({ where: { id: 1 }, select: { driver: true, localDir: true } });
  if (row && row.driver !== "LOCAL") return null;
  return { dir: path.resolve(row?.localDir || "data/uploads") };
}

async function put(dir: string, key: string, data: Buffer): Promise<void> {
  const file = path.join(dir, ...key.split("/"));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
}

/** A picture of goods `goodsId`, or of another record when `owner` says so (after-sales demos). */
export type PictureJob = { goodsId: number; code: string; index: number; svg: string; owner?: { type: string; id: number; field: string } };

/** Renders, stores and records the pictures; returns the first picture's id per goods. */
export async function storePictures(storage: { dir: string }, uploaderId: number, jobs: PictureJob[]): Promise<Map<number, string>> {
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const rows = [];
  const covers = new Map<number, string>();
  // A few at a time: sharp renders on its own threads.
  for (let i = 0; i < jobs.length; i += 6) {
    const batch = await Promise.all(
      jobs.slice(i, i + 6).map(async (job) => {
        // Drawn once; encoded at low effort (demo pictures, seconds matter more than bytes).
        const { data, info } = await sharp(Buffer.from(job.svg)).raw().toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        const [main, thumb] = await Promise.all([
          sharp(data, raw).webp({ quality: 80, effort: 1 }).toBuffer(),
          sharp(data, raw).resize(320, 240).webp({ quality: 72, effort: 1 }).toBuffer(),
        ]);
        const id = randomBytes(16).toString("hex");
        const key = `${month}/${id}.webp`;
        const thumbKey = `${month}/${id}-t.webp`;
        await Promise.all([put(storage.dir, key, main), put(storage.dir, thumbKey, thumb)]);
        return {
          id,
          kind: "IMAGE" as const,
          mime: "image/webp",
          ext: "webp",
          size: main.byteLength,
          sha256: createHash("sha256").update(main).digest("hex"),
          storageKey: key,
          thumbKey,
          width: 800,
          height: 600,
          originalName: `${job.code.toLowerCase()}-${job.index + 1}.webp`,
          uploaderId,
          ownerType: job.owner?.type ?? "goods",
          ownerId: String(job.owner?.id ?? job.goodsId),
          field: job.owner?.field ?? "pictures",
          createdAt: new Date(now.getTime() + job.index * 1000),
          goodsId: job.goodsId,
          index: job.index,
        };
      }),
    );
    rows.push(...batch);
  }
  await db().attachment.createMany({ data: rows.map(({ goodsId: _g, index: _i, ...r }) => r) });
  for (const r of rows) if (r.index === 0) covers.set(r.goodsId, r.id);
  return covers;
}

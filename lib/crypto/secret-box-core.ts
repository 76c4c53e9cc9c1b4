import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// (No "server-only" here so the demo seed can seal; app code imports ./secret-box.)
// Secrets kept in the database (the S3 secret key) are sealed with AES-256-GCM. The key is
// derived from APP_ENCRYPTION_KEY, else from NEXTAUTH_SECRET (the secret lib/auth/options.ts
// signs sessions with, which the start scripts always provide). Changing that secret makes
// sealed values unreadable: they must be entered again.

const VERSION = "v1";
const DEV_FALLBACK = "dealer-platform-dev-encryption-key";
const keys = new Map<string, Buffer>();

function keyMaterial(): string {
  const secret = process.env.APP_ENCRYPTION_KEY || process.env.NEXTAUTH_SECRET;
  if (secret) return secret;
  // Tests and ad-hoc scripts run without a secret; a production server never may.
  if (process.env.NODE_ENV === "production") throw new Error("APP_ENCRYPTION_KEY or NEXTAUTH_SECRET must be set to store secrets");
  return DEV_FALLBACK;
}

function key(): Buffer {
  const material = keyMaterial();
  let k = keys.get(material);
  if (!k) {
    k = Buffer.from(hkdfSync("sha256", material, "dealer-platform", "secret-box v1", 32));
    keys.set(material, k);
  }
  return k;
}

/** Seals `plain`; `context` (e.g. "AttachmentStorage.s3SecretKey") binds the value to its
 * column, so a sealed value copied elsewhere does not open. */
export function sealSecret(plain: string, context = ""): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Opens a sealed value; throws when it was tampered with or sealed under another key. */
export function openSecret(sealed: string, context = ""): string {
  const [version, payload] = sealed.split(".");
  if (version !== VERSION || !payload) throw new Error("not a sealed secret");
  const raw = Buffer.from(payload, "base64url");
  if (raw.length < 28) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

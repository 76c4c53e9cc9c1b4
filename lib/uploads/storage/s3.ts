import "server-only";
import { AwsClient } from "aws4fetch";
import { assertKey, type ByteRange, type FileStorage } from "./types";

export type S3Config = {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://minio.example.com:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** true: https://host/bucket/key (MinIO and most self-hosted stores); false: https://bucket.host/key */
  forcePathStyle: boolean;
};

/** The URL of an object, path-style or virtual-hosted. */
export function objectUrl(cfg: Pick<S3Config, "endpoint" | "bucket" | "forcePathStyle">, key: string): string {
  const url = new URL(cfg.endpoint);
  const base = url.pathname.replace(/\/+$/, "");
  const path = key.split("/").map(encodeURIComponent).join("/");
  if (cfg.forcePathStyle) url.pathname = `${base}/${encodeURIComponent(cfg.bucket)}/${path}`;
  else {
    url.hostname = `${cfg.bucket}.${url.hostname}`;
    url.pathname = `${base}/${path}`;
  }
  url.search = "";
  return url.toString();
}

/** An S3-compatible bucket, requests signed with SigV4 (aws4fetch: no AWS SDK needed).
 * `transport` sends the signed requests instead of fetch (the storage test's pinned,
 * public-addresses-only connection: ./endpoint-guard.ts); it does not retry. */
export function createS3Storage(cfg: S3Config, opts: { transport?: (req: Request) => Promise<Response> } = {}): FileStorage {
  // Few retries: an administrator testing a wrong endpoint should hear back within seconds.
  const client = new AwsClient({ accessKeyId: cfg.accessKey, secretAccessKey: cfg.secretKey, service: "s3", region: cfg.region, retries: 2, initRetryMs: 100 });
  const call = async (method: string, key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) => {
    assertKey(key);
    const request = { method, body: init.body as BodyInit | undefined, headers: init.headers };
    return opts.transport ? opts.transport(await client.sign(objectUrl(cfg, key), request)) : client.fetch(objectUrl(cfg, key), request);
  };
  const fail = async (method: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => "");
    const code = /<Code>([^<]{1,80})<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${method} answered HTTP ${res.status}${code ? ` ${code}` : ""}`);
  };
  return {
    driver: "S3",
    async put(key, data, opts) {
      const headers: Record<string, string> = { "Content-Type": opts.contentType };
      // The payload hash is signed, so the store rejects bytes altered on the way.
      if (opts.sha256) headers["X-Amz-Content-Sha256"] = opts.sha256;
      const res = await call("PUT", key, { body: data, headers });
      if (!res.ok) await fail("PUT", res);
      await res.body?.cancel();
    },
    async get(key, range?: ByteRange) {
      const res = await call("GET", key, { headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {} });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail("GET", res);
      // A store may ignore or misread Range and answer other bytes (s3rver answers "bytes=0-0"
      // with the whole object): served under the caller's Content-Range they would be wrong.
      if (range) {
        const answered = res.headers.get("content-range");
        if (res.status !== 206 || !answered?.startsWith(`bytes ${range.start}-${range.end}/`)) {
          await res.body?.cancel();
          throw new Error(`S3 GET answered ${res.status === 206 ? answered : `HTTP ${res.status}`} for range bytes=${range.start}-${range.end}`);
        }
      }
      return res.body;
    },
    async head(key) {
      const res = await call("HEAD", key);
      if (res.status === 404) return null;
      if (!res.ok) return fail("HEAD", res);
      return { size: Number(res.headers.get("content-length") ?? 0) };
    },
    async delete(key) {
      const res = await call("DELETE", key);
      if (!res.ok && res.status !== 404) await fail("DELETE", res);
      await res.body?.cancel();
    },
  };
}

// Tests only: a tiny S3-compatible server (path-style; objects kept in a Map) that refuses any
// request without a SigV4 Authorization header for the expected access key and region.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeS3 = {
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  requests: { method: string; url: string; authorization: string; contentSha: string }[];
  close: () => Promise<void>;
};

const readBody = async (req: IncomingMessage) => Buffer.concat(await req.toArray());

export async function startFakeS3(opts: { accessKey: string; region: string }): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: FakeS3["requests"] = [];
  const signed = new RegExp(`^AWS4-HMAC-SHA256 Credential=${opts.accessKey}/\\d{8}/${opts.region}/s3/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`);
  const server = createServer(async (req, res) => {
    const authorization = req.headers.authorization ?? "";
    const contentSha = String(req.headers["x-amz-content-sha256"] ?? "");
    requests.push({ method: req.method ?? "", url: req.url ?? "", authorization, contentSha });
    if (!signed.test(authorization)) {
      res.writeHead(403).end(req.method === "HEAD" ? undefined : "<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    const key = decodeURIComponent((req.url ?? "").split("?")[0]);
    const obj = objects.get(key);
    if (req.method === "PUT") {
      const body = await readBody(req);
      if (contentSha !== "UNSIGNED-PAYLOAD" && createHash("sha256").update(body).digest("hex") !== contentSha) {
        res.writeHead(400).end("<Error><Code>XAmzContentSHA256Mismatch</Code></Error>");
        return;
      }
      objects.set(key, { body, type: String(req.headers["content-type"]) });
      res.writeHead(200).end();
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else if (!obj) {
      res.writeHead(404).end(req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code></Error>");
    } else if (req.method === "HEAD") {
      res.writeHead(200, { "Content-Length": obj.body.length, "Content-Type": obj.type }).end();
    } else {
      const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
      const part = m ? obj.body.subarray(Number(m[1]), Number(m[2]) + 1) : obj.body;
      const range = m ? { "Content-Range": `bytes ${m[1]}-${Number(m[1]) + part.length - 1}/${obj.body.length}` } : {};
      res.writeHead(m ? 206 : 200, { "Content-Length": part.length, "Content-Type": obj.type, ...range }).end(part);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/auth/viewer";

// Issue 16: "test the S3 settings" (System → Attachment Settings) signs its requests only with
// the secret typed in the form, and connects only to https endpoints at public addresses — the
// host name resolved (here by a stub resolver) and every address checked, the one connected to
// being the one checked. No test here reaches the network: DNS, fetch and node's HTTP clients
// are stubs that fail the test when used.

const network = vi.hoisted(() => ({ used: [] as string[], dns: {} as Record<string, { address: string; family: number }[]> }));

vi.mock("node:dns", async (orig) => {
  const real = await orig<typeof import("node:dns")>();
  const lookup = async (host: string) => {
    network.used.push(`dns ${host}`);
    const found = network.dns[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };
  return { ...real, default: { ...real, promises: { ...real.promises, lookup } }, promises: { ...real.promises, lookup } };
});
for (const mod of ["node:http", "node:https"]) {
  vi.doMock(mod, async () => {
    const real = (await vi.importActual(mod)) as Record<string, unknown>;
    const request = (url: unknown) => {
      network.used.push(`connect ${String(url)}`);
      throw new Error("a test tried to connect");
    };
    return { ...real, default: { ...(real.default as object), request }, request };
  });
}
vi.mock("next/headers", () => import("@/lib/test/action-harness").then((m) => m.headersMock));
vi.mock("next/cache", () => import("@/lib/test/action-harness").then((m) => m.cacheMock));
vi.mock("next-intl/server", () => import("@/lib/test/action-harness").then((m) => m.intlMock));

const ADMIN: Viewer = {
  userId: 1,
  account: "admin",
  name: "Admin",
  userType: "ADMIN",
  organizationId: null,
  company: null,
  companies: [],
  roles: ["ADMIN"],
  permissions: new Set(),
  menuIds: new Set(),
  dataScope: "ALL",
};
vi.mock("@/lib/auth/viewer", async (orig) => ({ ...(await orig<typeof import("@/lib/auth/viewer")>()), getViewer: async () => ADMIN }));

// The stored settings: an S3 secret is saved (sealed) for another endpoint.
const stored = vi.hoisted(() => ({ row: null as Record<string, unknown> | null }));
vi.mock("@/lib/db", () => ({ db: () => ({ attachmentStorage: { findUnique: async () => stored.row } }) }));

let testStorageAction: typeof import("@/lib/system/attachment-actions").testStorageAction;

beforeAll(async () => {
  vi.stubEnv("APP_ENCRYPTION_KEY", "unit-test-key-unit-test-key-unit-test-key");
  const { sealSecret } = await import("@/lib/crypto/secret-box");
  const { SECRET_CONTEXT } = await import("./storage");
  stored.row = {
    id: 1,
    driver: "S3",
    localDir: "data/uploads",
    s3Endpoint: "https://s3.example.com",
    s3Region: "us-east-1",
    s3Bucket: "dealer-files",
    s3AccessKey: "AKSTORED",
    s3SecretKey: sealSecret("the-stored-secret", SECRET_CONTEXT),
    s3ForcePathStyle: true,
  };
  vi.stubGlobal("fetch", async (input: unknown) => {
    network.used.push(`fetch ${input instanceof Request ? input.url : String(input)}`);
    throw new Error("a test tried to fetch");
  });
  ({ testStorageAction } = await import("@/lib/system/attachment-actions"));
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

beforeEach(() => {
  network.used.length = 0;
  network.dns = {
    "s3.example.com": [{ address: "52.219.170.1", family: 4 }],
    "internal.example.com": [{ address: "127.0.0.1", family: 4 }],
    "mixed.example.com": [
      { address: "52.219.170.2", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ],
    "mapped.example.com": [{ address: "::ffff:169.254.169.254", family: 6 }],
    "dealer-files.bucket.example.com": [{ address: "192.168.1.20", family: 4 }],
    "bucket.example.com": [{ address: "52.219.170.3", family: 4 }],
  };
});

const settings = (over: Record<string, unknown> = {}) => ({
  driver: "S3",
  localDir: "",
  s3Endpoint: "https://s3.example.com",
  s3Region: "us-east-1",
  s3Bucket: "dealer-files",
  s3AccessKey: "AKFORM",
  s3SecretKey: "typed-secret",
  s3ForcePathStyle: true,
  ...over,
});
const refusal = (field: string, message: string | RegExp) => ({ ok: false, fieldErrors: { [field]: message instanceof RegExp ? expect.stringMatching(message) : message } });
const connections = () => network.used.filter((u) => !u.startsWith("dns "));

describe("testing the S3 settings", () => {
  it("never signs with the stored secret: a blank secret asks for it", async () => {
    expect(await testStorageAction(settings({ s3SecretKey: "" }))).toMatchObject(
      refusal("s3SecretKey", "Enter the secret key to test the settings: a test never uses the saved one."),
    );
    expect(connections()).toEqual([]);
  });

  it("refuses an endpoint that is not https", async () => {
    expect(await testStorageAction(settings({ s3Endpoint: "http://s3.example.com" }))).toMatchObject(refusal("s3Endpoint", "The endpoint must be an https:// address."));
    expect(network.used).toEqual([]);
  });

  it("refuses loopback, private, link-local and unique-local addresses, written as such", async () => {
    for (const endpoint of [
      "https://127.0.0.1:9000",
      "https://10.0.0.8",
      "https://169.254.169.254",
      "https://[::1]:9000",
      "https://[fd00::5]",
      "https://[::ffff:127.0.0.1]",
      "https://0x7f.1",
      "https://2130706433",
    ]) {
      expect([endpoint, await testStorageAction(settings({ s3Endpoint: endpoint }))]).toMatchObject([endpoint, refusal("s3Endpoint", /is not a public address/)]);
    }
    expect(network.used).toEqual([]);
  });

  it("resolves host names and refuses one with any non-public address", async () => {
    expect(await testStorageAction(settings({ s3Endpoint: "https://internal.example.com" }))).toMatchObject(
      refusal("s3Endpoint", "internal.example.com resolves to 127.0.0.1, which is not a public address: the storage test connects to public addresses only."),
    );
    expect(await testStorageAction(settings({ s3Endpoint: "https://mixed.example.com" }))).toMatchObject(refusal("s3Endpoint", /resolves to 10\.0\.0\.5/));
    expect(await testStorageAction(settings({ s3Endpoint: "https://mapped.example.com" }))).toMatchObject(refusal("s3Endpoint", /resolves to ::ffff:169\.254\.169\.254/));
    expect(await testStorageAction(settings({ s3Endpoint: "https://nowhere.example.com" }))).toMatchObject(refusal("s3Endpoint", "nowhere.example.com could not be resolved."));
    // Virtual-hosted addressing connects to <bucket>.<endpoint host>: that name is the one checked.
    expect(await testStorageAction(settings({ s3Endpoint: "https://bucket.example.com", s3ForcePathStyle: false }))).toMatchObject(
      refusal("s3Endpoint", /^dealer-files\.bucket\.example\.com resolves to 192\.168\.1\.20/),
    );
    expect(connections()).toEqual([]);
  });

  it("answers in the reader's language", async () => {
    const { setTestLocale } = await import("@/lib/test/action-harness");
    setTestLocale("zh-CN");
    try {
      expect(await testStorageAction(settings({ s3SecretKey: "" }))).toMatchObject(refusal("s3SecretKey", "请输入密钥后再测试：测试不会使用已保存的密钥。"));
      expect(await testStorageAction(settings({ s3Endpoint: "http://s3.example.com" }))).toMatchObject(refusal("s3Endpoint", "端点必须是 https:// 地址。"));
    } finally {
      setTestLocale("en-US");
    }
  });
});

describe("the pinned connection", () => {
  it("resolves again when connecting and refuses an address that changed to a private one (DNS rebinding)", async () => {
    const { pinnedTransport, PUBLIC_HTTPS } = await import("./storage/endpoint-guard");
    const send = pinnedTransport(PUBLIC_HTTPS);
    network.dns["s3.example.com"] = [{ address: "127.0.0.1", family: 4 }];
    await expect(send(new Request("https://s3.example.com/dealer-files/healthcheck/x.txt", { method: "PUT", body: "x" }))).rejects.toMatchObject({
      key: "Uploads.errors.endpointPrivate",
    });
    expect(connections()).toEqual([]);
  });
});

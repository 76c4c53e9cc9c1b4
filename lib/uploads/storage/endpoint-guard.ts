import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { DomainError } from "@/lib/errors";
import { isIpLiteral, isPublicAddress } from "@/lib/net/ip-address";

// Where the storage test may connect (issue 16). An administrator types an endpoint on System →
// Attachment Settings and presses "test": without limits that is a request from inside the
// network to any address (cloud metadata at 169.254.169.254, a database port on localhost), so
// the test connects only to https endpoints whose every address is public. The host name is
// resolved and checked for each request, and the connection is made to exactly the addresses
// checked (node's `lookup` hook answers with them), so a DNS answer that changes between the
// check and the connection (rebinding) cannot slip through. Redirects are never followed.

export type Resolved = { address: string; family: number };
export type Resolver = (host: string) => Promise<Resolved[]>;
export type EndpointPolicy = {
  /** URL protocols allowed ("https:"). */
  protocols: readonly string[];
  resolve: Resolver;
  /** Whether an address may be connected to. */
  allow: (address: string) => boolean;
};

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The storage test's policy: https only, public addresses only. */
export const PUBLIC_HTTPS: EndpointPolicy = { protocols: ["https:"], resolve: systemResolver, allow: isPublicAddress };

const FIELD = "s3Endpoint";

/** The addresses `url` may be reached at under `policy`; a DomainError on the endpoint field
 * (translated by the action) when the scheme, the name or any address is refused. */
export async function checkedAddresses(url: URL, policy: EndpointPolicy): Promise<Resolved[]> {
  if (!policy.protocols.includes(url.protocol)) throw new DomainError("Uploads.errors.endpointHttps", {}, FIELD);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Resolved[];
  if (isIpLiteral(host)) addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new DomainError("Uploads.errors.endpointUnresolved", { host }, FIELD);
  }
  const refused = addresses.find((a) => !policy.allow(a.address));
  if (refused) throw new DomainError(isIpLiteral(host) ? "Uploads.errors.endpointPrivateAddress" : "Uploads.errors.endpointPrivate", { host, address: refused.address }, FIELD);
  return addresses;
}

/** A fetch-like sender for signed requests that connects only to addresses the policy
 * allows, checked when the request is sent and pinned for its connection. */
export function pinnedTransport(policy: EndpointPolicy, timeoutMs = 15_000): (req: Request) => Promise<Response> {
  return async (req) => {
    const url = new URL(req.url);
    const addresses = await checkedAddresses(url, policy);
    const lookup: LookupFunction = (_host, opts, callback) => {
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    };
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : null;
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    if (body) headers["content-length"] = String(body.length);
    const client = url.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = client.request(url, { method: req.method, headers, lookup, agent: false, timeout: timeoutMs }, (res) => {
        const h = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        const status = res.statusCode ?? 502;
        if (status < 200 || status > 599) {
          res.resume();
          reject(new Error(`unexpected HTTP status ${status}`));
          return;
        }
        const empty = req.method === "HEAD" || status === 204 || status === 304;
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: h }));
      });
      outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
      outgoing.on("error", reject);
      outgoing.end(body ?? undefined);
    });
  };
}

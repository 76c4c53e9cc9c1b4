import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import { PEER_HEADER, peerSecret } from "./client-ip";

// Next 16 hands route handlers, server actions and the proxy no socket address (see
// ./client-ip.ts). This wraps the Node HTTP servers' "request" event once per process, before
// Next's own listener runs, and stamps each request with the address of its TCP peer in
// PEER_HEADER, prefixed with a per-process secret. Whatever a client sent in that header is
// replaced, and a forged value without the secret is ignored by clientIp, also for requests
// that arrived before this ran.

const INSTALLED = Symbol.for("dealer-platform.peer-address.installed");

export function stampPeerAddress(req: IncomingMessage, secret: string): void {
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_HEADER] = `${secret} ${address}`;
  else delete req.headers[PEER_HEADER];
}

export function installPeerAddressStamp(): void {
  const g = globalThis as { [INSTALLED]?: true };
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  const secret = peerSecret(() => randomBytes(24).toString("base64url"));
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
    Server.prototype.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === "request") stampPeerAddress(args[0] as IncomingMessage, secret);
      return emit.call(this, event, ...args);
    } as typeof Server.prototype.emit;
  }
}

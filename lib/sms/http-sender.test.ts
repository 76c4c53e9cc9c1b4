import { describe, expect, it } from "vitest";
import { httpGatewayConfig, httpSender } from "./http-sender";

const message = { phone: "13912345678", scene: "REGISTER", content: "code 123456", params: { code: "123456", minutes: "5" } };
const config = { url: "https://sms.example/send", key: "k-1", template: "TPL_1", timeoutMs: 50 };

describe("HTTP gateway sender", () => {
  it("POSTs JSON with the key as a bearer token", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const sender = httpSender(config, (async (url: string, init: RequestInit) => (calls.push({ url, init }), new Response("{}", { status: 200 }))) as unknown as typeof fetch);
    await sender.transmit(message);
    expect(calls[0].url).toBe(config.url);
    expect(calls[0].init.method).toBe("POST");
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe("Bearer k-1");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ phone: message.phone, template: "TPL_1", params: message.params, content: message.content });
  });

  it("fails on a non-2xx answer without echoing the body (it may contain the code)", async () => {
    const sender = httpSender(config, (async () => new Response("bad code 123456", { status: 502 })) as unknown as typeof fetch);
    await expect(sender.transmit(message)).rejects.toThrow(/^gateway answered HTTP 502$/);
  });

  it("gives up after the timeout", async () => {
    const hang = ((_: string, init: RequestInit) =>
      new Promise((_r, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as unknown as typeof fetch;
    await expect(httpSender(config, hang).transmit(message)).rejects.toThrow("timeout after 50 ms");
  });

  it("is configured from the environment and needs a URL", () => {
    expect(() => httpGatewayConfig({})).toThrow("SMS_GATEWAY_URL");
    expect(httpGatewayConfig({ SMS_GATEWAY_URL: "https://x", SMS_GATEWAY_KEY: "k", SMS_GATEWAY_TEMPLATE: "T" })).toEqual({
      url: "https://x",
      key: "k",
      template: "T",
      timeoutMs: 5000,
    });
  });
});

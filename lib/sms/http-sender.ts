import type { SmsRequest, SmsSender } from "./types";

export type HttpGatewayConfig = { url: string; key: string; template: string; timeoutMs: number };

export function httpGatewayConfig(env: Record<string, string | undefined> = process.env): HttpGatewayConfig {
  const url = env.SMS_GATEWAY_URL;
  if (!url) throw new Error("SMS_SENDER=http needs SMS_GATEWAY_URL");
  return { url, key: env.SMS_GATEWAY_KEY ?? "", template: env.SMS_GATEWAY_TEMPLATE ?? "", timeoutMs: Number(env.SMS_GATEWAY_TIMEOUT_MS) || 5000 };
}

/**
 * A generic HTTP gateway: POST {phone, template, params, content} as JSON with the key as a
 * bearer token. Any 2xx is accepted. Errors name the status only: a gateway may echo the
 * request (and so the code) in its body.
 */
export function httpSender(config: HttpGatewayConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    name: "http",
    async transmit(message: SmsRequest) {
      let res: Response;
      try {
        res = await fetchImpl(config.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(config.key ? { Authorization: `Bearer ${config.key}` } : {}) },
          body: JSON.stringify({ phone: message.phone, template: config.template, params: message.params, content: message.content }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        const name = err instanceof Error ? err.name : "Error";
        throw new Error(name === "TimeoutError" || name === "AbortError" ? `timeout after ${config.timeoutMs} ms` : `network error (${name})`);
      }
      await res.body?.cancel().catch(() => {});
      if (!res.ok) throw new Error(`gateway answered HTTP ${res.status}`);
    },
  };
}

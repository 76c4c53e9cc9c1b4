// Structured logs: one JSON line per event on stdout, so any collector can parse them.
// Never pass passwords, codes or tokens here. As a second line of defence every line is
// redacted (docs/DECISIONS.md, "Issue 22 — bearer access and its tests"): fields named like
// credentials (authorization, cookie, password, client_secret, access_token…) are dropped, and
// the OAuth credentials' own prefixes (lib/oauth/tokens.ts, dpa_/dpr_/dpc_/dps_) and
// credential query parameters (?access_token=, &code=, WeChat's &secret=…) are masked wherever
// they appear (a path, an error message, a stack).
type Fields = Record<string, unknown>;

const SECRET_KEYS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "password",
  "client_secret",
  "clientsecret",
  "access_token",
  "accesstoken",
  "refresh_token",
  "refreshtoken",
  "code_verifier",
  "codeverifier",
  // WeChat's app secret (lib/wechat/api.ts).
  "secret",
  "appsecret",
  "app_secret",
]);
const CREDENTIAL = /(dp[acrs]_)[A-Za-z0-9_-]{8,}/g;
const CREDENTIAL_PARAM = /([?&](?:access_token|refresh_token|id_token|client_secret|code_verifier|code|token|secret|appsecret)=)[^&\s"#]*/gi;
const BEARER = /(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi;

/** A log line with credentials masked (exported for its test). */
export function redactLine(line: string): string {
  return line.replace(CREDENTIAL, "$1[redacted]").replace(CREDENTIAL_PARAM, "$1[redacted]").replace(BEARER, "$1[redacted]");
}

const dropSecrets = (key: string, value: unknown) => (SECRET_KEYS.has(key.toLowerCase()) ? "[redacted]" : value);

function write(level: "info" | "warn" | "error", msg: string, fields: Fields) {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = redactLine(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, dropSecrets));
  if (level === "error") console.error(line);
  else console.log(line);
}

export const log = {
  info: (msg: string, fields: Fields = {}) => write("info", msg, fields),
  warn: (msg: string, fields: Fields = {}) => write("warn", msg, fields),
  error: (msg: string, fields: Fields = {}) => write("error", msg, fields),
};

export function logRequest(fields: Fields) {
  if (process.env.LOG_REQUESTS === "false") return;
  write("info", "request", fields);
}

export function errorFields(err: unknown): Fields {
  if (err instanceof Error) return { error: err.message, name: err.name, stack: err.stack?.split("\n").slice(0, 6).join("\n") };
  return { error: String(err) };
}

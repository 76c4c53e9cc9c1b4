// Structured logs: one JSON line per event on stdout, so any collector can parse them.
// Never pass passwords, codes or tokens here.
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", msg: string, fields: Fields) {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
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

// Tests only, imported before anything from Next: Next's server modules expect the
// AsyncLocalStorage global its server installs at start-up (node-environment).
import { AsyncLocalStorage } from "node:async_hooks";

const g = globalThis as unknown as { AsyncLocalStorage?: typeof AsyncLocalStorage };
g.AsyncLocalStorage ??= AsyncLocalStorage;

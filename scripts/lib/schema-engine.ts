import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlQuery,
  type SqlResultSet,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { SCHEMA_PATH } from "./paths";

type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
let bindings: Promise<Bindings> | undefined;

// The package entry imports the .wasm file as an ES module, which Node 20 cannot do, so the
// generated bindings are wired to the instantiated module by hand (what the entry would do).
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    // The bindings report Rust panics here; without it a panic surfaces as a TypeError.
    (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message: (message: string) => console.error(`[schema-engine] panic: ${message}`),
    };
    const bgFile = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bg = (await import(pathToFileURL(bgFile).href)) as Bindings;
    const wasmFile = path.join(path.dirname(bgFile), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmFile), {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start?: () => void };
    bg.__wbg_set_wasm(exports);
    exports.__wbindgen_start?.();
    return bg;
  })();
  return bindings;
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

export function readSchema(content?: string): { path: string; content: string } {
  return { path: "schema.prisma", content: content ?? fs.readFileSync(SCHEMA_PATH, "utf8") };
}

function logFromEngine(line: string): void {
  let entry: { level?: string; fields?: { message?: string } & Record<string, unknown> } = {};
  try {
    entry = JSON.parse(line);
  } catch {
    console.error(`[schema-engine] ${line}`);
    return;
  }
  if (entry.level === "WARN" || entry.level === "ERROR") {
    console.error(`[schema-engine] ${entry.level} ${entry.fields?.message ?? line}`);
  }
}

// The engine's schema describer selects catalog columns of type "char" (OID 18), which
// adapter-pg 7.10 rejects ("Column type 'char' could not be deserialized"): every diff that
// describes a database failed, on PostgreSQL 15 and 18 alike. pg returns the values as
// strings; report those columns as Character (reported as Text, the engine panics on the NOT
// NULL constraints that PostgreSQL 18 lists in pg_constraint).
const CHAR_OID = 18;
const TEXT_OID = 25;
interface PgQueryable {
  performIO(query: SqlQuery): Promise<pg.QueryResult>;
  queryRaw(query: SqlQuery): Promise<SqlResultSet>;
}

function readCharColumns<T extends object>(target: T): T {
  const q = target as unknown as PgQueryable;
  const charColumns = new WeakMap<SqlQuery, number[]>();
  const performIO = q.performIO.bind(q);
  const queryRaw = q.queryRaw.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    const found: number[] = [];
    result.fields?.forEach((field, i) => {
      if (field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID;
        found.push(i);
      }
    });
    if (found.length) charColumns.set(query, found);
    return result;
  };
  q.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(query) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  return target;
}

function charAware(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => readCharColumns(await startTransaction(...args));
  return readCharColumns(adapter);
}

/** Connects through adapter-pg in a way the schema engine can describe the database. */
export async function engineAdapter(pool: pg.Pool): Promise<SqlDriverAdapter> {
  return charAware(await new PrismaPg(pool).connect());
}

export function enginePool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {}); // idle clients cut off when a shadow database is dropped
  return pool;
}

export interface EngineOptions {
  /** The database to migrate, as a URL or a connector (diffs connect even if they do not use it). */
  url?: string;
  connect?: () => Promise<SqlDriverAdapter>;
  /** Where diffs from a migrations folder replay it; unset = such diffs fail. */
  shadow?: () => Promise<SqlDriverAdapter>;
  /** schema.prisma's text; default: the file */
  schema?: string;
}

/** Runs fn with a schema engine connected to url through adapter-pg, then frees everything. */
export async function withSchemaEngine<T>(opts: EngineOptions, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const bg = await loadBindings();
  const pool = opts.url ? enginePool(opts.url) : undefined;
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: () => (pool ? engineAdapter(pool) : opts.connect ? opts.connect() : Promise.reject(new Error("no database configured"))),
    connectToShadowDb: opts.shadow ?? (() => Promise.reject(new Error("no shadow database configured"))),
  };
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const schema = readSchema(opts.schema);
  let engine: SchemaEngine | undefined;
  try {
    engine = await bg.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, logFromEngine, bound);
    return await fn(engine);
  } catch (err) {
    // Errors raised by the adapter reach us as "External error id#N"; show the original.
    const id = /External error id#(\d+)/.exec(String((err as Error)?.message))?.[1];
    const original = id === undefined ? undefined : bound.errorRegistry.consumeError(Number(id))?.error;
    throw original ?? err;
  } finally {
    engine?.free();
    await pool?.end();
  }
}

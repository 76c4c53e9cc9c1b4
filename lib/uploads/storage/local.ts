import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertKey, type ByteRange, type FileStorage } from "./types";

/** Files in a folder (relative to the working directory, or absolute), one file per key. */
export function createLocalStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  const sizeOf = async (file: string) => {
    try {
      return (await fs.stat(file)).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  };
  return {
    driver: "LOCAL",
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.writeFile(tmp, data, { flag: "wx" });
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, range?: ByteRange) {
      const file = fileOf(key);
      if ((await sizeOf(file)) === null) return null;
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async head(key) {
      const size = await sizeOf(fileOf(key));
      return size === null ? null : { size };
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

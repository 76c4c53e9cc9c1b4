import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Locale } from "./config";
import { mergeMessages, type MessageTree } from "./merge";
import { MESSAGE_AREAS } from "./messages";

async function read(locale: Locale): Promise<MessageTree> {
  const files = await Promise.all(
    MESSAGE_AREAS.map(async (area) => JSON.parse(await readFile(path.join(process.cwd(), "messages", area, `${locale}.json`), "utf8")) as MessageTree),
  );
  return files.reduce((all, f) => ({ ...all, ...f }), {});
}

/** The ICU source texts as written (the app itself uses the build's precompiled form), with
 * en-US filling keys a language lacks: what other clients load from /locales/{lng}. */
export async function rawMessages(locale: Locale): Promise<MessageTree> {
  const en = await read("en-US");
  return locale === "en-US" ? en : mergeMessages(en, await read(locale));
}

import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Locale } from "./config";
import { mergeMessages, type MessageTree } from "./merge";

const read = async (locale: Locale) => JSON.parse(await readFile(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as MessageTree;

/** The ICU source texts as written (the app itself uses the build's precompiled form), with
 * en-US filling keys a language lacks: what other clients load from /locales/{lng}. */
export async function rawMessages(locale: Locale): Promise<MessageTree> {
  const en = await read("en-US");
  return locale === "en-US" ? en : mergeMessages(en, await read(locale));
}

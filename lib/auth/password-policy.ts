import "server-only";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { variable } from "@/lib/config/variables";
import { DomainError } from "@/lib/errors";
import { PASSWORD_MIN_FLOOR } from "./account-rules";

// What a new password must be (register, forgot password, an administrator's create and reset):
// at least password.minLength characters, never fewer than 8 whatever the variable says, and
// not guessable: zxcvbn-ts (the maintained TypeScript port of Dropbox's zxcvbn) with its common
// package, whose dictionaries hold the most common passwords of public breach corpora, common
// words and names and keyboard patterns, and see through l33t spellings, capitals and appended
// digits or symbols ("Password1!", "P@ssw0rd!"). A score below 3 of 4 is refused. The library
// is server-only (its dictionaries are ~2 MB): the browser forms check the length, the server
// refuses weak passwords with a field message. No breach list is queried online.

const MIN_SCORE = 3;

let factory: ZxcvbnFactory | null = null;
const zxcvbn = () => (factory ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs }));

/** password.minLength as it applies: never below 8 (a stored 6 from before counts as 8). */
export function clampMinLength(value: number): number {
  return Math.max(PASSWORD_MIN_FLOOR, Number.isFinite(value) ? Math.floor(value) : PASSWORD_MIN_FLOOR);
}

export async function passwordMinLength(): Promise<number> {
  return clampMinLength(await variable("password.minLength"));
}

export type PasswordProblem = { key: "Validation.passwordTooShort"; values: { min: number } } | { key: "Validation.weakPassword"; values: Record<string, never> };

/** Why a new password is refused, or null. `userInputs`: the user's account, name, phone. */
export function passwordProblem(password: string, minLength: number, userInputs: (string | null | undefined)[] = []): PasswordProblem | null {
  const min = clampMinLength(minLength);
  if (password.length < min) return { key: "Validation.passwordTooShort", values: { min } };
  const inputs = userInputs.filter((s): s is string => !!s).flatMap((s) => [s, ...s.split(/[^A-Za-z0-9]+/).filter((p) => p.length >= 3)]);
  return zxcvbn().check(password.slice(0, 128), inputs).score < MIN_SCORE ? { key: "Validation.weakPassword", values: {} } : null;
}

/** Throws the field error (on `field`) when a new password is refused. */
export async function assertPasswordAllowed(password: string, userInputs: (string | null | undefined)[] = [], field = "password"): Promise<void> {
  const problem = passwordProblem(password, await passwordMinLength(), userInputs);
  if (problem) throw new DomainError(problem.key, problem.values, field);
}

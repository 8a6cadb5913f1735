// Judges a new staff password beyond its length with zxcvbn-ts: refuses common passwords, weak
// patterns (keyboard walks, repeats, dates) and passwords built from the account's own email,
// names or vendor name. Answers with a catalog message id, never zxcvbn's English feedback.
import { type DictionaryMatch, ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import * as commonLanguage from "@zxcvbn-ts/language-common";
import * as englishLanguage from "@zxcvbn-ts/language-en";

/** zxcvbn's score 3: about 10^8 guesses, "safely unguessable" for an online attack on a throttled sign-in. */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordRefusal =
  | "password_too_common"
  | "password_contains_personal_info"
  | "password_too_weak";

export type PasswordVerdict = { ok: true } | { ok: false; reason: PasswordRefusal };

/** What the password must not be built from: the account's email, names and vendor's name. */
export type PasswordUserInputs = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  vendorName?: string | null;
};

/**
 * Only the first 64 characters are judged, with at most 10 l33t substitutions tried: a crafted
 * 200-character password of l33t symbols took seconds with zxcvbn's defaults (256, 100), and a
 * password whose first 64 characters are strong is strong.
 */
export const CHECKED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 10;

// The dictionaries weigh a few megabytes and take a few hundred milliseconds to rank: built once,
// on the first check, and shared by every request (the instance holds no per-check state).
let checker: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...commonLanguage.dictionary, ...englishLanguage.dictionary },
    graphs: commonLanguage.adjacencyGraphs,
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return checker;
}

const MIN_INPUT_LENGTH = 3;

/** The email whole, its local part and domain and their words, the names and their words. */
export function userInputWords(inputs: PasswordUserInputs): string[] {
  const email = inputs.email.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  const local = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at + 1) : "";
  const phrases = [email, local, domain, inputs.firstName, inputs.lastName, inputs.vendorName]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.trim().toLowerCase());
  const words = phrases.flatMap((phrase) => [phrase, ...phrase.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.filter((word) => word.length >= MIN_INPUT_LENGTH))];
}

const isDictionaryMatch = (match: ZxcvbnResult["sequence"][number]): match is DictionaryMatch =>
  match.pattern === "dictionary";

/**
 * Ok, or why not. Built from personal information: once the parts that match the account's email,
 * names or vendor name are taken out, what remains would be too weak on its own ("northwind-staff",
 * "jane.doe2026!"). Too common: too weak, and found (as typed, reversed or in l33t) in the list of
 * common passwords. Too weak: any other guessable pattern.
 */
export function checkPasswordStrength(
  password: string,
  inputs: PasswordUserInputs,
): PasswordVerdict {
  const userInputs = userInputWords(inputs);
  const result = zxcvbn().check(password, userInputs);
  const personal = result.sequence
    .filter(isDictionaryMatch)
    .filter((match) => match.dictionaryName === "userInputs");
  if (personal.length > 0) {
    let rest = "";
    let from = 0;
    for (const match of personal) {
      rest += password.slice(from, match.i);
      from = match.j + 1;
    }
    rest += password.slice(from);
    if (zxcvbn().check(rest, userInputs).score < MIN_PASSWORD_SCORE) {
      return { ok: false, reason: "password_contains_personal_info" };
    }
  }
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const common = result.sequence
    .filter(isDictionaryMatch)
    .some((match) => match.dictionaryName.startsWith("passwords"));
  return { ok: false, reason: common ? "password_too_common" : "password_too_weak" };
}

// GET /clients?search=: the vendor's current clients (merged ones left out) the caller may see,
// best matches first, 50 a page (docs/clients.md "Search"). A term with "@" is an email; one of
// digits and phone punctuation is a phone number, read as E.164 in the vendor's countries (the
// project's phone parsing) and also matched as part of a number; anything else is a name —
// "first last", "last, first", "last", or the start of either — and an external id matches as is.
// One statement for the page with its counts, one for the vendor's countries.

import { and, asc, type SQL, sql } from "drizzle-orm";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import type { ClientResource } from "../../shared/contracts/client.ts";
import { normalisePhoneNumber } from "../../shared/queue/phone-number.ts";
import type { DbOrTx } from "../db/client.ts";
import { clients } from "../db/schema.ts";
import { likePattern } from "../notifications/log/list-messages.ts";
import { type ClientCaller, clientVisibleTo, notMerged } from "./client-scope.ts";
import { decodePageCursor, encodePageCursor } from "./page-cursor.ts";
import { clientWithCounts, presentClient, vendorPhoneCountries } from "./present-client.ts";

export const CLIENTS_PAGE_SIZE = 50;

const PHONE_LIKE = /^\+?[\d\s\-.()\u00a0]+$/;
const prefix = (text: string) => `${likePattern(text).slice(1)}`;
const lowerFirst = sql`lower(${clients.firstName})`;
const lowerLast = sql`lower(${clients.lastName})`;

/** The E.164 numbers a typed number may be, in the vendor's countries. */
export function phoneCandidates(term: string, countries: readonly string[]): string[] {
  const typed = normalisePhoneNumber(term);
  const found = new Set<string>();
  if (typed.startsWith("+")) found.add(typed);
  for (const country of [...countries, "US"]) {
    const parsed = parsePhoneNumberFromString(typed, country as CountryCode);
    if (parsed?.isPossible()) found.add(parsed.number);
  }
  return [...found];
}

/** How well a client matches the term: 0 best, null not at all. */
function rankOf(term: string, countries: readonly string[]): SQL {
  const lower = term.toLowerCase();
  const whens: SQL[] = [sql`when ${clients.externalId} = ${term} then 0`];
  if (lower.includes("@")) {
    whens.push(sql`when lower(${clients.email}) = ${lower} then 0`);
    whens.push(sql`when lower(${clients.email}) like ${prefix(lower)} escape '\\' then 1`);
  } else if (PHONE_LIKE.test(term) && term.replace(/\D/g, "").length >= 3) {
    const candidates = phoneCandidates(term, countries);
    const digits = term.replace(/\D/g, "");
    if (candidates.length > 0) {
      whens.push(
        sql`when ${clients.cellPhone} in (${sql.join(
          candidates.map((c) => sql`${c}`),
          sql`, `,
        )}) then 0`,
      );
    }
    whens.push(sql`when ${clients.cellPhone} like ${likePattern(digits)} escape '\\' then 2`);
  } else {
    const comma = lower.indexOf(",");
    const words = lower.replace(",", " ").split(/\s+/).filter(Boolean);
    if (words.length === 1) {
      const [word] = words as [string];
      whens.push(sql`when ${lowerLast} = ${word} then 0`);
      whens.push(sql`when ${lowerFirst} = ${word} then 1`);
      whens.push(sql`when ${lowerLast} like ${prefix(word)} escape '\\' then 2`);
      whens.push(sql`when ${lowerFirst} like ${prefix(word)} escape '\\' then 3`);
      whens.push(sql`when lower(${clients.email}) like ${prefix(word)} escape '\\' then 4`);
    } else if (words.length > 1) {
      // "Smith, Anna" names the last name first; "Anna Smith" (or "Anna Marie Smith") the first.
      const [head, ...tail] = words as [string, ...string[]];
      const rest = tail.join(" ");
      const [first, last] = comma >= 0 ? [rest, head] : [head, rest];
      whens.push(sql`when ${lowerFirst} = ${first} and ${lowerLast} = ${last} then 0`);
      whens.push(sql`when ${lowerFirst} = ${last} and ${lowerLast} = ${first} then 1`);
      whens.push(
        sql`when ${lowerFirst} like ${prefix(first)} escape '\\' and ${lowerLast} like ${prefix(last)} escape '\\' then 2`,
      );
      whens.push(
        sql`when ${lowerFirst} like ${prefix(last)} escape '\\' and ${lowerLast} like ${prefix(first)} escape '\\' then 3`,
      );
      whens.push(
        sql`when lower(${clients.firstName} || ' ' || ${clients.lastName}) like ${prefix(words.join(" "))} escape '\\' then 4`,
      );
    }
  }
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

export async function searchClients(
  db: DbOrTx,
  caller: ClientCaller,
  options: { search?: string | undefined; cursor?: string | undefined; now: Date },
): Promise<{ data: ClientResource[]; next: string | null }> {
  const cursor =
    options.cursor === undefined
      ? null
      : decodePageCursor(options.cursor, ["n", "s", "s", "n"] as const);
  const countries = await vendorPhoneCountries(db, caller.vendorId);
  const term = options.search?.trim().replace(/\s+/g, " ") ?? "";
  // A bare 0 in ORDER BY would name a column position: without a term every client ranks 0::int.
  const rank = term === "" ? sql`0::int` : rankOf(term, countries);
  const rows = await db
    .select({
      ...clientWithCounts(caller, options.now),
      rank: sql<number>`${rank}`.as("rank"),
      lowerLast: sql<string>`${lowerLast}`.as("lower_last"),
      lowerFirst: sql<string>`${lowerFirst}`.as("lower_first"),
    })
    .from(clients)
    .where(
      and(
        clientVisibleTo(caller),
        notMerged(),
        term === "" ? undefined : sql`${rank} is not null`,
        cursor
          ? sql`(${rank}, ${lowerLast}, ${lowerFirst}, ${clients.id}) > (${cursor[0]}, ${cursor[1]}, ${cursor[2]}, ${cursor[3]})`
          : undefined,
      ),
    )
    .orderBy(asc(rank), asc(lowerLast), asc(lowerFirst), asc(clients.id))
    .limit(CLIENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, CLIENTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map((row) => presentClient(row.client, row, countries[0])),
    next:
      rows.length > CLIENTS_PAGE_SIZE && last
        ? encodePageCursor([Number(last.rank), last.lowerLast, last.lowerFirst, last.client.id])
        : null,
  };
}

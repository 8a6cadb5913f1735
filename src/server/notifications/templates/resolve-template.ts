// Which wording a message gets: the location's own template for the kind, channel and language,
// else the vendor's, else the vendor's synonyms of the default (`notification.{kind}.{channel}.subject`
// and `.body`, as the synonyms page names them), else the product's default in that language.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Locale } from "../../../shared/domain.ts";
import type {
  MessageChannel,
  MessageKind,
  MessageTemplateText,
} from "../../../shared/notifications/message-kinds.ts";
import type { DbOrTx } from "../../db/client.ts";
import { messageTemplates } from "../../db/schema.ts";
import type { Synonyms } from "../../http/messages.ts";
import { defaultTemplate } from "./default-templates.ts";

export type TemplateQuery = {
  vendorId: number;
  locationId: number | null;
  kind: MessageKind;
  channel: MessageChannel;
  lang: Locale;
  synonyms?: Synonyms | undefined;
};

/** The synonym ids of a default template's two fields. */
export const templateSynonymId = (
  kind: MessageKind,
  channel: MessageChannel,
  field: "subject" | "body",
) => `notification.${kind}.${channel}.${field}`;

/** The product's wording with the vendor's synonyms for the language applied. */
export function defaultWithSynonyms(query: Omit<TemplateQuery, "vendorId" | "locationId">) {
  const base = defaultTemplate(query.kind, query.channel, query.lang);
  if (!base) return null;
  const own = query.synonyms?.[query.lang];
  return {
    subject:
      base.subject === null
        ? null
        : (own?.[templateSynonymId(query.kind, query.channel, "subject")] ?? base.subject),
    body: own?.[templateSynonymId(query.kind, query.channel, "body")] ?? base.body,
  };
}

export async function resolveTemplate(
  db: DbOrTx,
  query: TemplateQuery,
): Promise<MessageTemplateText | null> {
  const t = messageTemplates;
  const rows = await db
    .select({ locationId: t.locationId, subject: t.subject, body: t.body })
    .from(t)
    .where(
      and(
        eq(t.vendorId, query.vendorId),
        eq(t.kind, query.kind),
        eq(t.channel, query.channel),
        eq(t.lang, query.lang),
        query.locationId === null
          ? isNull(t.locationId)
          : or(isNull(t.locationId), eq(t.locationId, query.locationId)),
      ),
    );
  const own = rows.find((row) => row.locationId !== null) ?? rows.find((row) => !row.locationId);
  if (own) return { subject: own.subject, body: own.body };
  return defaultWithSynonyms(query);
}

/**
 * The wording of several kinds and channels in one language, read in one query: keyed
 * `${kind} ${channel}`; a pair the kind has no channel for is absent.
 */
export async function resolveTemplates(
  db: DbOrTx,
  query: Omit<TemplateQuery, "kind" | "channel"> & {
    pairs: readonly { kind: MessageKind; channel: MessageChannel }[];
  },
): Promise<Map<string, MessageTemplateText>> {
  const found = new Map<string, MessageTemplateText>();
  if (query.pairs.length === 0) return found;
  const t = messageTemplates;
  const rows = await db
    .select({
      kind: t.kind,
      channel: t.channel,
      locationId: t.locationId,
      subject: t.subject,
      body: t.body,
    })
    .from(t)
    .where(
      and(
        eq(t.vendorId, query.vendorId),
        eq(t.lang, query.lang),
        inArray(t.kind, [...new Set(query.pairs.map((pair) => pair.kind))]),
        query.locationId === null
          ? isNull(t.locationId)
          : or(isNull(t.locationId), eq(t.locationId, query.locationId)),
      ),
    );
  for (const { kind, channel } of query.pairs) {
    const own = rows.filter((row) => row.kind === kind && row.channel === channel);
    const chosen = own.find((row) => row.locationId !== null) ?? own.find((row) => !row.locationId);
    const text = chosen
      ? { subject: chosen.subject, body: chosen.body }
      : defaultWithSynonyms({ kind, channel, lang: query.lang, synonyms: query.synonyms });
    if (text) found.set(`${kind} ${channel}`, text);
  }
  return found;
}

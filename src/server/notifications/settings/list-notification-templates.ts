// What the notification settings pages show for one audience and language: per kind and channel, the
// product's wording (with the vendor's synonyms), the vendor's own template, the location's own, and
// which of them is sent.
import { and, eq, isNull, or } from "drizzle-orm";
import type { NotificationTemplate } from "../../../shared/contracts/notification-templates.ts";
import type { Locale } from "../../../shared/domain.ts";
import {
  MESSAGE_KIND_NAMES,
  MESSAGE_KINDS,
  type MessageAudience,
  type MessageChannel,
} from "../../../shared/notifications/message-kinds.ts";
import type { DbOrTx } from "../../db/client.ts";
import { messageTemplates } from "../../db/schema.ts";
import type { Synonyms } from "../../http/messages.ts";
import { defaultWithSynonyms } from "../templates/resolve-template.ts";

type Stored = { subject: string | null; body: string; updated_at: string };

export async function listNotificationTemplates(
  db: DbOrTx,
  query: {
    vendorId: number;
    locationId: number | null;
    audience: MessageAudience;
    lang: Locale;
    synonyms: Synonyms | undefined;
  },
): Promise<NotificationTemplate[]> {
  const t = messageTemplates;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.vendorId, query.vendorId),
        eq(t.lang, query.lang),
        query.locationId === null
          ? isNull(t.locationId)
          : or(isNull(t.locationId), eq(t.locationId, query.locationId)),
      ),
    );
  const find = (kind: string, channel: string, atLocation: boolean): Stored | null => {
    const row = rows.find(
      (r) => r.kind === kind && r.channel === channel && (r.locationId !== null) === atLocation,
    );
    return row
      ? { subject: row.subject, body: row.body, updated_at: row.updatedAt.toISOString() }
      : null;
  };

  const kinds = MESSAGE_KIND_NAMES.filter(
    (kind) => MESSAGE_KINDS[kind].audience === query.audience,
  );
  return kinds.flatMap((kind) =>
    (MESSAGE_KINDS[kind].channels as readonly MessageChannel[]).map((channel) => {
      const fallback = defaultWithSynonyms({
        kind,
        channel,
        lang: query.lang,
        synonyms: query.synonyms,
      }) ?? { subject: null, body: "" };
      const vendor = find(kind, channel, false);
      const location = query.locationId === null ? null : find(kind, channel, true);
      const own = location ?? vendor;
      return {
        type: "notification-templates" as const,
        id: `${kind}:${channel}:${query.lang}`,
        attributes: {
          kind,
          channel,
          lang: query.lang,
          variables: [...MESSAGE_KINDS[kind].variables],
          default: fallback,
          vendor,
          location,
          effective: own ? { subject: own.subject, body: own.body } : fallback,
          source: location
            ? ("location" as const)
            : vendor
              ? ("vendor" as const)
              : ("default" as const),
        },
      };
    }),
  );
}

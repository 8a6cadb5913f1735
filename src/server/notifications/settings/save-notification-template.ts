// A vendor's (or one location's) own wording of a message: saved over the previous one, or removed
// so the product's wording is sent again. The wording is checked before anything is written.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Locale } from "../../../shared/domain.ts";
import type { MessageChannel, MessageKind } from "../../../shared/notifications/message-kinds.ts";
import { checkTemplate } from "../../../shared/notifications/render-template.ts";
import type { DbOrTx } from "../../db/client.ts";
import { messageTemplates } from "../../db/schema.ts";
import { templateProblemsError } from "./template-problems.ts";

export type TemplateKey = {
  vendorId: number;
  /** null: the vendor's template, used at every location without its own */
  locationId: number | null;
  kind: MessageKind;
  channel: MessageChannel;
  lang: Locale;
};

export async function saveNotificationTemplate(
  db: DbOrTx,
  key: TemplateKey,
  text: { subject: string | null; body: string },
  updatedBy: number,
  now: Date = new Date(),
): Promise<void> {
  const problems = checkTemplate(key.kind, key.channel, text);
  if (problems.length > 0) throw templateProblemsError(problems);
  // SMS have no subject; keep none rather than a stray one.
  const subject = key.channel === "email" ? text.subject : null;
  await db.execute(sql`
    insert into ${messageTemplates}
      (vendor_id, location_id, kind, channel, lang, subject, body, updated_by, updated_at)
    values (${key.vendorId}, ${key.locationId}, ${key.kind}, ${key.channel}, ${key.lang},
      ${subject}, ${text.body}, ${updatedBy}, ${now.toISOString()})
    on conflict (vendor_id, coalesce(location_id, 0), kind, channel, lang)
    do update set subject = excluded.subject, body = excluded.body,
      updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

export async function resetNotificationTemplate(db: DbOrTx, key: TemplateKey): Promise<void> {
  const t = messageTemplates;
  await db
    .delete(t)
    .where(
      and(
        eq(t.vendorId, key.vendorId),
        key.locationId === null ? isNull(t.locationId) : eq(t.locationId, key.locationId),
        eq(t.kind, key.kind),
        eq(t.channel, key.channel),
        eq(t.lang, key.lang),
      ),
    );
}

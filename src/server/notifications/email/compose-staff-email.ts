// The wording of an email to a staff member about their own account (password reset, invitation,
// failed sign-ins): the vendor's template for the kind, or the product's, in the account's language,
// with the account's first name and the vendor's name filled in.
import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/domain.ts";
import { matchLocale } from "../../../shared/locale.ts";
import type { MessageKind } from "../../../shared/notifications/message-kinds.ts";
import { renderTemplate } from "../../../shared/notifications/render-template.ts";
import type { DbOrTx } from "../../db/client.ts";
import { users, vendors } from "../../db/schema.ts";
import { toVendor, type Vendor } from "../../tenancy/resolve-vendor.ts";
import { resolveTemplate } from "../templates/resolve-template.ts";

export type StaffRecipient = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  lang: Locale;
  active: boolean;
};

export async function loadStaffRecipient(
  db: DbOrTx,
  userId: number,
): Promise<StaffRecipient | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    lang: matchLocale(user.lang) ?? DEFAULT_LOCALE,
    active: user.active,
  };
}

export async function loadVendor(db: DbOrTx, vendorId: number): Promise<Vendor | null> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row ? toVendor(row) : null;
}

/** The subject and body of a staff email; `values` adds the kind's own variables. */
export async function composeStaffEmail(
  db: DbOrTx,
  input: {
    vendor: Vendor;
    recipient: StaffRecipient;
    kind: MessageKind;
    values: Record<string, string>;
  },
): Promise<{ subject: string; body: string }> {
  const { vendor, recipient, kind } = input;
  const template = await resolveTemplate(db, {
    vendorId: vendor.id,
    locationId: null,
    kind,
    channel: "email",
    lang: recipient.lang,
    synonyms: vendor.settings.synonyms,
  });
  if (!template) throw new Error(`no email template for ${kind}`);
  const values = { first_name: recipient.firstName, vendor: vendor.name, ...input.values };
  return {
    subject: renderTemplate(template.subject ?? "", values),
    body: renderTemplate(template.body, values),
  };
}

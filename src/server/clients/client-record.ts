// One client of the back office: read (with its counts), and its contact details changed by staff
// under the visitor form's rules for email and phone (src/shared/queue/), with the If-Match version,
// an audit row and a version bump in one transaction (docs/clients.md). A merged client answers 404
// `client_merged` with the id of the client it joined in `meta.merged_into_id`.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ClientPatchInput, ClientResource } from "../../shared/contracts/client.ts";
import { normaliseEmail } from "../../shared/queue/free-text-rules.ts";
import { phoneNumberSchema } from "../../shared/queue/phone-number.ts";
import { QUEUE_MESSAGES } from "../../shared/queue/queue-messages.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { clients } from "../db/schema.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import { type ClientCaller, clientVisibleTo } from "./client-scope.ts";
import {
  type ClientRow,
  clientWithCounts,
  presentClient,
  vendorPhoneCountries,
} from "./present-client.ts";

type Caller = ClientCaller & { user: Pick<StaffContext["user"], "id"> };
type Changes = NonNullable<ClientPatchInput["data"]["attributes"]>;

export const clientMerged = (mergedIntoId: number) =>
  new AppError(
    "not_found",
    { code: "client_merged", messageId: "Clients.error.merged" },
    { meta: { merged_into_id: String(mergedIntoId) } },
  );

/** The client row, locked when asked; not found outside the caller's scope, merged: 404 with its survivor. */
export async function findClientRow(
  db: DbOrTx,
  caller: ClientCaller,
  id: number,
  options: { lock?: boolean; allowMerged?: boolean } = {},
): Promise<ClientRow> {
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), clientVisibleTo(caller)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  if (row.mergedIntoId !== null && !options.allowMerged) throw clientMerged(row.mergedIntoId);
  return row;
}

/** The client with its counts, presented. */
export async function readClient(
  db: DbOrTx,
  caller: ClientCaller,
  id: number,
  now: Date,
): Promise<ClientResource> {
  const row = await findClientRow(db, caller, id);
  const [counted] = await db
    .select(clientWithCounts(caller, now))
    .from(clients)
    .where(eq(clients.id, row.id));
  const countries = await vendorPhoneCountries(db, caller.vendorId);
  return presentClient(counted!.client, counted!, countries[0]);
}

/** What the audit row keeps of a client: its contact details. */
export function auditedClient(resource: ClientResource): Record<string, unknown> {
  const {
    version: _v,
    created_at: _c,
    updated_at: _u,
    last_seen_at: _l,
    visits: _vi,
    appointments: _a,
    cell_phone_formatted: _f,
    ...rest
  } = resource.attributes;
  return rest;
}

const pointer = (field: string) => `/data/attributes/${field}`;
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The visitor form's email and phone rules (join-schema.ts), with their messages and pointers. */
function contactProblems(changes: Changes): { set: Partial<ClientRow>; problems: ErrorItem[] } {
  const set: Partial<ClientRow> = {};
  const problems: ErrorItem[] = [];
  if (changes.email !== undefined) {
    const email = changes.email === null ? null : normaliseEmail(changes.email.trim()) || null;
    if (email !== null && (email.length > 254 || !z.email().safeParse(email).success)) {
      problems.push({
        code: "invalid",
        messageId: QUEUE_MESSAGES.emailInvalid,
        pointer: pointer("email"),
      });
    }
    set.email = email;
  }
  if (changes.cell_phone !== undefined) {
    const parsed = phoneNumberSchema.safeParse(changes.cell_phone ?? "");
    if (!parsed.success) {
      problems.push({
        code: "invalid",
        messageId: parsed.error.issues[0]?.message ?? QUEUE_MESSAGES.phoneInvalid,
        pointer: pointer("cell_phone"),
      });
    } else set.cellPhone = parsed.data === "" ? null : parsed.data;
  }
  return { set, problems };
}

export async function updateClient(
  db: DbOrTx,
  caller: Caller,
  id: number,
  changes: Changes,
  expectedVersion: number | undefined,
  now: Date,
): Promise<ClientResource> {
  const { set, problems } = contactProblems(changes);
  if (problems.length > 0) throw new AppError("unprocessable", problems);
  return db.transaction(async (tx) => {
    const row = await findClientRow(tx, caller, id, { lock: true });
    const before = await readClient(tx, caller, id, now);
    assertVersion(expectedVersion, row.version, () => before);
    if (changes.first_name !== undefined) set.firstName = changes.first_name.trim();
    if (changes.last_name !== undefined) set.lastName = changes.last_name.trim();
    if (changes.external_id !== undefined) set.externalId = blankToNull(changes.external_id);
    if (changes.notes !== undefined) set.notes = blankToNull(changes.notes);
    if (changes.lang !== undefined) set.lang = changes.lang;
    if (changes.receive_sms !== undefined) set.receiveSms = changes.receive_sms;
    if ((set.cellPhone ?? row.cellPhone) === null) set.receiveSms = false;
    await tx
      .update(clients)
      .set({ ...set, version: row.version + 1, updatedAt: now })
      .where(and(eq(clients.id, id), eq(clients.vendorId, caller.vendorId)));
    const after = await readClient(tx, caller, id, now);
    await recordAudit(tx, {
      vendorId: caller.vendorId,
      actorUserId: caller.user.id,
      subjectType: "client",
      subjectId: id,
      action: "updated",
      before: auditedClient(before),
      after: auditedClient(after),
    });
    return after;
  });
}

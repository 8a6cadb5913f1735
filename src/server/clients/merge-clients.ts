// POST /clients/{id}/merge (docs/clients.md "Merging"): a duplicate's walk-ins and appointments —
// and with them their messages, answers and feedback, which hang on those — move to the client
// kept; clients merged into the duplicate before now point at the one kept; the kept client's empty
// contact fields take the duplicate's; the duplicate is marked merged. Both rows are locked in id
// order (two merges of the same pair cannot deadlock), both versions bumped, both audited, in one
// transaction. Another vendor's client, or one the caller cannot see, is not found.
import { and, eq, inArray } from "drizzle-orm";
import type { ClientResource } from "../../shared/contracts/client.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, clients, queueAppointments } from "../db/schema.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import { auditedClient, readClient } from "./client-record.ts";
import { type ClientCaller, clientVisibleTo } from "./client-scope.ts";

type Caller = ClientCaller & { user: Pick<StaffContext["user"], "id"> };
const DUPLICATE = "/data/attributes/duplicate_id";

const refused = (code: string, messageId: string) =>
  new AppError("unprocessable", { code, messageId, pointer: DUPLICATE });

/** Contact fields the kept client lacks and the duplicate has. */
const FILLABLE = ["externalId", "email", "cellPhone", "notes"] as const;

export async function mergeClients(
  db: DbOrTx,
  caller: Caller,
  input: { survivorId: number; duplicateId: number; expectedVersion: number | undefined },
  now: Date,
): Promise<ClientResource> {
  const { survivorId, duplicateId } = input;
  if (survivorId === duplicateId) throw refused("merge_self", "Clients.error.merge_self");
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(clients)
      .where(and(inArray(clients.id, [survivorId, duplicateId]), clientVisibleTo(caller)))
      .orderBy(clients.id)
      .for("update");
    const survivor = rows.find((row) => row.id === survivorId);
    const duplicate = rows.find((row) => row.id === duplicateId);
    if (!survivor) throw notFound();
    if (!duplicate) {
      throw new AppError("not_found", {
        code: "not_found",
        messageId: "Clients.error.duplicate_not_found",
        pointer: DUPLICATE,
      });
    }
    if (survivor.mergedIntoId !== null || duplicate.mergedIntoId !== null) {
      throw refused("already_merged", "Clients.error.already_merged");
    }
    const survivorBefore = await readClient(tx, caller, survivorId, now);
    assertVersion(input.expectedVersion, survivor.version, () => survivorBefore);
    const duplicateBefore = await readClient(tx, caller, duplicateId, now);

    await tx
      .update(queueAppointments)
      .set({ clientId: survivorId })
      .where(
        and(
          eq(queueAppointments.vendorId, caller.vendorId),
          eq(queueAppointments.clientId, duplicateId),
        ),
      );
    await tx
      .update(appointments)
      .set({ clientId: survivorId })
      .where(
        and(eq(appointments.vendorId, caller.vendorId), eq(appointments.clientId, duplicateId)),
      );
    await tx
      .update(clients)
      .set({ mergedIntoId: survivorId })
      .where(and(eq(clients.vendorId, caller.vendorId), eq(clients.mergedIntoId, duplicateId)));

    const filled: Partial<typeof clients.$inferInsert> = {};
    for (const field of FILLABLE) {
      if (survivor[field] === null && duplicate[field] !== null) filled[field] = duplicate[field];
    }
    if (filled.cellPhone && duplicate.receiveSms) filled.receiveSms = true;
    await tx
      .update(clients)
      .set({ ...filled, version: survivor.version + 1, updatedAt: now })
      .where(eq(clients.id, survivorId));
    await tx
      .update(clients)
      .set({ mergedIntoId: survivorId, version: duplicate.version + 1, updatedAt: now })
      .where(eq(clients.id, duplicateId));

    const survivorAfter = await readClient(tx, caller, survivorId, now);
    await recordAudit(tx, [
      {
        vendorId: caller.vendorId,
        actorUserId: caller.user.id,
        subjectType: "client",
        subjectId: survivorId,
        action: "merged",
        before: auditedClient(survivorBefore),
        after: { ...auditedClient(survivorAfter), merged_client_id: String(duplicateId) },
      },
      {
        vendorId: caller.vendorId,
        actorUserId: caller.user.id,
        subjectType: "client",
        subjectId: duplicateId,
        action: "merged",
        before: auditedClient(duplicateBefore),
        after: { ...auditedClient(duplicateBefore), merged_into_id: String(survivorId) },
      },
    ]);
    return survivorAfter;
  });
}

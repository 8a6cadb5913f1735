// Writes one audit log row in the command's own transaction, so a change and its record commit
// together or not at all. `before` and `after` are the object as its API presents it (attributes),
// null before a creation.
import type { AuditAction, AuditSubjectType } from "../../shared/audit.ts";
import type { DbOrTx } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

export type AuditRecord = {
  vendorId: number;
  /** the staff member who made the change; null for the system (an import, the setup link) */
  actorUserId: number | null;
  subjectType: AuditSubjectType;
  subjectId: number;
  action: AuditAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export async function recordAudit(tx: DbOrTx, records: AuditRecord | AuditRecord[]): Promise<void> {
  const list = Array.isArray(records) ? records : [records];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(list);
}

/** The attribute names whose values differ (compared as JSON), in `after`'s order then `before`'s. */
export function changedAttributes(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const names = new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})]);
  return [...names].filter(
    (name) => JSON.stringify(before?.[name] ?? null) !== JSON.stringify(after?.[name] ?? null),
  );
}

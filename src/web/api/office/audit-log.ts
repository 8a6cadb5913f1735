// GET /api/internal/v1/audit-log: one back-office object's history, newest first, a page at a time
// ("Show older changes" asks for the page before the last one shown). A page that saves the object
// invalidates auditLogKey(type, id) so its history shows the change at once.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditSubjectType } from "../../../shared/audit.ts";
import type { AuditEntry, AuditLogDocument } from "../../../shared/contracts/audit-log.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { AuditEntry, AuditLogDocument, AuditSubjectType };

export const AUDIT_LOG_PAGE_SIZE = 20;

export const auditLogKey = (subjectType: AuditSubjectType, subjectId: string) =>
  [OFFICE_QUERY_ROOT, "audit-log", subjectType, subjectId] as const;

export function getAuditLog(
  query: { subject_type: AuditSubjectType; subject_id: string; before?: string; limit?: number },
  signal?: AbortSignal,
) {
  return officeApi.get<AuditLogDocument>(paths.api.internal.auditLog(query), { signal });
}

export const auditLogQueryOptions = (subjectType: AuditSubjectType, subjectId: string) =>
  infiniteQueryOptions({
    queryKey: auditLogKey(subjectType, subjectId),
    queryFn: ({ pageParam, signal }) =>
      getAuditLog(
        {
          subject_type: subjectType,
          subject_id: subjectId,
          limit: AUDIT_LOG_PAGE_SIZE,
          ...(pageParam ? { before: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });

export function useAuditLog(subjectType: AuditSubjectType, subjectId: string) {
  return useInfiniteQuery(auditLogQueryOptions(subjectType, subjectId));
}

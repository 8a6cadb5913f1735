// The custom questions a vendor asks (spec §3 Question), with their options in order: all of them,
// or those asked for one service (a question linked to no service is asked for every service).
// Archived questions and options are left out unless the caller reads past answers.
import { and, asc, eq, exists, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { questionOptions, questionServices, questions } from "../db/schema.ts";

export type QuestionWithOptions = typeof questions.$inferSelect & {
  options: (typeof questionOptions.$inferSelect)[];
};

export type QuestionScope = {
  vendorId: number;
  serviceId?: number | undefined;
  /** archived questions and options too: for reading past answers, never for asking */
  includeArchived?: boolean | undefined;
};

/**
 * The condition on `questions` rows: the vendor's, not archived (unless asked), and (with a
 * service) asked for that service.
 */
export function questionsAskedFor(db: DbOrTx, scope: QuestionScope) {
  const linked = (serviceId?: number) =>
    db
      .select({ one: sql`1` })
      .from(questionServices)
      .where(
        and(
          eq(questionServices.questionId, questions.id),
          eq(questionServices.vendorId, scope.vendorId),
          serviceId === undefined ? undefined : eq(questionServices.serviceId, serviceId),
        ),
      );
  return and(
    eq(questions.vendorId, scope.vendorId),
    scope.includeArchived ? undefined : isNull(questions.archivedAt),
    scope.serviceId === undefined
      ? undefined
      : or(notExists(linked()), exists(linked(scope.serviceId))),
  );
}

export async function loadQuestions(
  db: DbOrTx,
  scope: QuestionScope,
): Promise<QuestionWithOptions[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(questionsAskedFor(db, scope))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(questionOptions)
    .where(
      and(
        eq(questionOptions.vendorId, scope.vendorId),
        inArray(
          questionOptions.questionId,
          rows.map((row) => row.id),
        ),
        scope.includeArchived ? undefined : isNull(questionOptions.archivedAt),
      ),
    )
    .orderBy(asc(questionOptions.sortOrder), asc(questionOptions.id));
  return rows.map((row) => ({
    ...row,
    options: options.filter((option) => option.questionId === row.id),
  }));
}

// What the join rules need of the questions asked for a service (type, required, option ids), in
// one query: the join runs on every visitor's submit, so it reads no more than it checks.
import { asc, sql } from "drizzle-orm";
import type { AnswerableQuestion } from "../../shared/queue/question-answers.ts";
import type { DbOrTx } from "../db/client.ts";
import { questions } from "../db/schema.ts";
import { questionsAskedFor } from "./load-questions.ts";

export async function loadAnswerableQuestions(
  db: DbOrTx,
  scope: { vendorId: number; serviceId: number },
): Promise<AnswerableQuestion[]> {
  return db
    .select({
      id: questions.id,
      type: questions.type,
      required: questions.required,
      // Written out: drizzle leaves a lone table's columns unqualified, which o.id would shadow.
      optionIds: sql<number[]>`array(
        select o.id from question_options o
        where o.question_id = questions.id and o.vendor_id = ${scope.vendorId}
          and o.archived_at is null
        order by o.sort_order, o.id)`,
    })
    .from(questions)
    .where(questionsAskedFor(db, scope))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
}

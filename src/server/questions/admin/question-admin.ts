// Custom questions as the back office administers them (spec §3 Question; docs/admin-services.md):
// type, label, help text, required, order, translations, options, and the services that ask them.
// An option left out of a save is archived, never deleted, so past answers keep their text. A
// change commits with its audit record and the `question.updated` event that drops every node's
// caches.
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit.ts";
import {
  CHOICE_QUESTION_TYPES,
  type QuestionAdminAttributes,
  type QuestionAdminResource,
  type QuestionChanges,
} from "../../../shared/contracts/question-admin.ts";
import type { QuestionType } from "../../../shared/domain.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  answers,
  questionOptions,
  questionServices,
  questions,
  services,
} from "../../db/schema.ts";
import { recordDomainEvents } from "../../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../../http/app-error.ts";
import { assertVersion } from "../../http/versioning.ts";
import { duplicateTranslations, keptTranslations } from "../../services/admin/service-admin.ts";

type QuestionRow = typeof questions.$inferSelect;
type OptionRow = typeof questionOptions.$inferSelect;
const pointer = (...path: (string | number)[]) => `/data/attributes/${path.join("/")}`;
const isChoice = (type: QuestionType) =>
  (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);

export function presentQuestionAdmin(
  row: QuestionRow,
  options: OptionRow[],
  serviceIds: number[],
): QuestionAdminResource {
  return {
    type: "questions",
    id: String(row.id),
    attributes: {
      type: row.type,
      label: row.label,
      help_text: row.helpText,
      required: row.required,
      sort_order: row.sortOrder,
      translations: row.translations,
      options: options
        .filter((option) => option.archivedAt === null)
        .map((option) => ({
          id: String(option.id),
          text: option.text,
          translations: option.translations,
        })),
      service_ids: [...serviceIds].sort((a, b) => a - b).map(String),
      archived: row.archivedAt !== null,
      version: row.version,
      created_at: row.createdAt.toISOString(),
    },
  };
}

const audited = (resource: QuestionAdminResource) => {
  const { version: _v, created_at: _c, ...rest } = resource.attributes;
  return rest;
};

async function present(db: DbOrTx, vendorId: number, rows: QuestionRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [options, links] = await Promise.all([
    db
      .select()
      .from(questionOptions)
      .where(and(eq(questionOptions.vendorId, vendorId), inArray(questionOptions.questionId, ids)))
      .orderBy(asc(questionOptions.sortOrder), asc(questionOptions.id)),
    db
      .select({ questionId: questionServices.questionId, serviceId: questionServices.serviceId })
      .from(questionServices)
      .where(
        and(eq(questionServices.vendorId, vendorId), inArray(questionServices.questionId, ids)),
      ),
  ]);
  return rows.map((row) =>
    presentQuestionAdmin(
      row,
      options.filter((option) => option.questionId === row.id),
      links.filter((link) => link.questionId === row.id).map((link) => link.serviceId),
    ),
  );
}

export async function listQuestionsAdmin(
  db: DbOrTx,
  vendorId: number,
  archived: "true" | "false" | "all",
): Promise<QuestionAdminResource[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.vendorId, vendorId),
        archived === "all"
          ? undefined
          : archived === "true"
            ? isNotNull(questions.archivedAt)
            : isNull(questions.archivedAt),
      ),
    )
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  return present(db, vendorId, rows);
}

export async function findQuestionAdmin(
  db: DbOrTx,
  vendorId: number,
  id: number,
  lock = false,
): Promise<{ row: QuestionRow; resource: QuestionAdminResource }> {
  const query = db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.vendorId, vendorId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  const [resource] = await present(db, vendorId, [row]);
  return { row, resource: resource! };
}

/** Whole-question rules: choice types need options, text types take none, translations once each. */
function checkShape(
  type: QuestionType,
  changes: QuestionChanges,
  optionCount: number,
): ErrorItem[] {
  const problems: ErrorItem[] = [];
  if (isChoice(type) && optionCount === 0) {
    problems.push({
      code: "options_required",
      messageId: "Office.questions.error.options_required",
      pointer: pointer("options"),
    });
  }
  if (!isChoice(type) && optionCount > 0) {
    problems.push({
      code: "options_not_allowed",
      messageId: "Office.questions.error.options_not_allowed",
      pointer: pointer("options"),
    });
  }
  problems.push(...duplicateTranslations(changes.translations ?? [], "translations"));
  changes.options?.forEach((option, index) => {
    problems.push(
      ...duplicateTranslations(option.translations ?? [], `options/${index}/translations`),
    );
  });
  return problems;
}

async function checkServices(tx: DbOrTx, vendorId: number, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return [];
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.vendorId, vendorId), inArray(services.id, [...new Set(ids)])));
  const known = new Set(found.map((row) => row.id));
  return ids.flatMap((id, index): ErrorItem[] =>
    known.has(id)
      ? []
      : [
          {
            code: "service_unknown",
            messageId: "Office.services.error.service_unknown",
            pointer: pointer("service_ids", index),
          },
        ],
  );
}

function throwIfAny(problems: ErrorItem[]) {
  if (problems.length > 0) throw new AppError("unprocessable", problems);
}

/** Writes the options in the given order; existing ones left out are archived. */
async function writeOptions(
  tx: Tx,
  vendorId: number,
  questionId: number,
  existing: OptionRow[],
  wanted: NonNullable<QuestionChanges["options"]>,
  now: Date,
) {
  const problems: ErrorItem[] = [];
  const byId = new Map(existing.map((option) => [String(option.id), option]));
  const kept = new Set<string>();
  wanted.forEach((option, index) => {
    if (option.id === undefined) return;
    if (!byId.has(option.id) || kept.has(option.id)) {
      problems.push({
        code: "option_unknown",
        messageId: "Office.questions.error.option_unknown",
        pointer: pointer("options", index, "id"),
      });
    }
    kept.add(option.id);
  });
  throwIfAny(problems);
  for (const [index, option] of wanted.entries()) {
    const values = {
      text: option.text.trim(),
      translations: keptTranslations(option.translations ?? []),
      sortOrder: index,
      archivedAt: null,
    };
    if (option.id === undefined) {
      await tx.insert(questionOptions).values({ vendorId, questionId, ...values });
    } else {
      await tx
        .update(questionOptions)
        .set(values)
        .where(eq(questionOptions.id, Number(option.id)));
    }
  }
  const gone = existing.filter(
    (option) => option.archivedAt === null && !kept.has(String(option.id)),
  );
  if (gone.length > 0) {
    await tx
      .update(questionOptions)
      .set({ archivedAt: now })
      .where(
        inArray(
          questionOptions.id,
          gone.map((option) => option.id),
        ),
      );
  }
}

async function replaceServices(tx: Tx, vendorId: number, questionId: number, ids: number[]) {
  await tx
    .delete(questionServices)
    .where(
      and(eq(questionServices.vendorId, vendorId), eq(questionServices.questionId, questionId)),
    );
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx
      .insert(questionServices)
      .values(unique.map((serviceId) => ({ vendorId, questionId, serviceId })));
  }
}

function rowChanges(changes: QuestionChanges, now: Date) {
  const set: Partial<typeof questions.$inferInsert> = {};
  if (changes.type !== undefined) set.type = changes.type;
  if (changes.label !== undefined) set.label = changes.label.trim();
  if (changes.help_text !== undefined)
    set.helpText = changes.help_text?.trim() ? changes.help_text : null;
  if (changes.required !== undefined) set.required = changes.required;
  if (changes.sort_order !== undefined) set.sortOrder = changes.sort_order;
  if (changes.translations !== undefined) set.translations = keptTranslations(changes.translations);
  if (changes.archived !== undefined) set.archivedAt = changes.archived ? now : null;
  return set;
}

async function finish(
  tx: Tx,
  options: {
    vendorId: number;
    actorUserId: number | null;
    questionId: number;
    action: AuditAction;
    before: QuestionAdminResource | null;
    now: Date;
  },
) {
  const { resource: after } = await findQuestionAdmin(tx, options.vendorId, options.questionId);
  await recordAudit(tx, {
    vendorId: options.vendorId,
    actorUserId: options.actorUserId,
    subjectType: "question",
    subjectId: options.questionId,
    action: options.action,
    before: options.before ? audited(options.before) : null,
    after: audited(after),
  });
  await recordDomainEvents(tx, [
    {
      vendorId: options.vendorId,
      type: "question.updated",
      aggregateId: options.questionId,
      payload: {},
      occurredAt: options.now,
    },
  ]);
  return after;
}

export async function createQuestion(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  input: QuestionChanges & { type: QuestionType; label: string },
): Promise<QuestionAdminResource> {
  throwIfAny([
    ...checkShape(input.type, input, input.options?.length ?? 0),
    ...(input.options ?? []).flatMap((option, index): ErrorItem[] =>
      option.id === undefined
        ? []
        : [
            {
              code: "option_unknown",
              messageId: "Office.questions.error.option_unknown",
              pointer: pointer("options", index, "id"),
            },
          ],
    ),
    ...(await checkServices(db, scope.vendorId, input.service_ids)),
  ]);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({
        vendorId: scope.vendorId,
        type: input.type,
        label: input.label.trim(),
        ...rowChanges(input, now),
      })
      .returning({ id: questions.id });
    const id = row!.id;
    if (input.options) await writeOptions(tx, scope.vendorId, id, [], input.options, now);
    if (input.service_ids) await replaceServices(tx, scope.vendorId, id, input.service_ids);
    return finish(tx, { ...scope, questionId: id, action: "created", before: null, now });
  });
}

export async function updateQuestion(
  db: DbOrTx,
  scope: { vendorId: number; actorUserId: number | null },
  id: number,
  changes: QuestionChanges,
  expectedVersion: number | undefined,
): Promise<QuestionAdminResource> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const { row, resource: before } = await findQuestionAdmin(tx, scope.vendorId, id, true);
    assertVersion(expectedVersion, row.version, () => before);
    const type = changes.type ?? row.type;
    const optionCount = changes.options?.length ?? before.attributes.options.length;
    const problems = [
      ...checkShape(type, changes, optionCount),
      ...(await checkServices(tx, scope.vendorId, changes.service_ids)),
    ];
    if (type !== row.type) {
      // Past answers were given to the old type (an option id, a list of them, or text).
      const [answered] = await tx
        .select({ id: answers.id })
        .from(answers)
        .where(and(eq(answers.vendorId, scope.vendorId), eq(answers.questionId, id)))
        .limit(1);
      if (answered) {
        problems.push({
          code: "type_locked",
          messageId: "Office.questions.error.type_locked",
          pointer: pointer("type"),
        });
      }
    }
    throwIfAny(problems);
    await tx
      .update(questions)
      .set({ ...rowChanges(changes, now), version: row.version + 1 })
      .where(eq(questions.id, id));
    if (changes.options !== undefined) {
      const existing = await tx
        .select()
        .from(questionOptions)
        .where(
          and(eq(questionOptions.vendorId, scope.vendorId), eq(questionOptions.questionId, id)),
        );
      await writeOptions(tx, scope.vendorId, id, existing, changes.options, now);
    }
    if (changes.service_ids !== undefined)
      await replaceServices(tx, scope.vendorId, id, changes.service_ids);
    const action: AuditAction =
      changes.archived === true && !before.attributes.archived
        ? "archived"
        : changes.archived === false && before.attributes.archived
          ? "restored"
          : "updated";
    return finish(tx, { ...scope, questionId: id, action, before, now });
  });
}

export type { QuestionAdminAttributes };

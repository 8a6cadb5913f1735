// Test custom questions with options, optionally limited to some services.
import type { Db } from "../../src/server/db/client.ts";
import {
  questionOptions,
  questionServices,
  questions,
  type Translation,
} from "../../src/server/db/schema.ts";
import type { QuestionType } from "../../src/shared/domain.ts";

export async function createQuestion(
  db: Db,
  vendorId: number,
  options: {
    type: QuestionType;
    label?: string;
    helpText?: string | null;
    required?: boolean;
    sortOrder?: number;
    options?: { text: string; translations?: Translation[] }[];
    serviceIds?: number[];
    translations?: Translation[];
  },
) {
  const [question] = await db
    .insert(questions)
    .values({
      vendorId,
      type: options.type,
      label: options.label ?? `A ${options.type} question`,
      helpText: options.helpText ?? null,
      required: options.required ?? false,
      sortOrder: options.sortOrder ?? 0,
      translations: options.translations ?? [],
    })
    .returning();
  const created = [];
  for (const [index, option] of (options.options ?? []).entries()) {
    const [row] = await db
      .insert(questionOptions)
      .values({
        vendorId,
        questionId: question!.id,
        text: option.text,
        sortOrder: index,
        translations: option.translations ?? [],
      })
      .returning();
    created.push(row!);
  }
  for (const serviceId of options.serviceIds ?? []) {
    await db.insert(questionServices).values({ vendorId, questionId: question!.id, serviceId });
  }
  return { ...question!, options: created };
}

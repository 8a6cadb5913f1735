// Rules for answers to a vendor's custom questions (spec §3 Question, §5): checkbox answers are
// lists of option ids that belong to the question, empty answers are dropped, required ones enforced.
import type { QuestionType } from "../domain.ts";
import { QUEUE_MESSAGES } from "./queue-messages.ts";

export type AnswerableQuestion = {
  id: number;
  type: QuestionType;
  required: boolean;
  /** the ids of the question's options (checkbox, radio, select) */
  optionIds: readonly number[];
};

export type AnswerValue = string | number | number[];
export type RawAnswer = { question_id: number; value?: unknown };
export type Answer = { question_id: number; value: AnswerValue };

export const MAX_TEXT_ANSWER_LENGTH = 2000;

type Outcome =
  | { kind: "empty" }
  | { kind: "ok"; value: AnswerValue }
  | { kind: "error"; message: string };

function optionId(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^\d{1,10}$/.test(value)) return Number(value);
  return null;
}

/** Normalises one answer for its question: "empty" answers are dropped rather than stored. */
export function normaliseAnswer(question: AnswerableQuestion, value: unknown): Outcome {
  if (value === null || value === undefined) return { kind: "empty" };
  switch (question.type) {
    case "text":
    case "textarea": {
      if (typeof value !== "string") return { kind: "error", message: QUEUE_MESSAGES.invalidValue };
      const text = value.trim();
      if (text === "") return { kind: "empty" };
      if (text.length > MAX_TEXT_ANSWER_LENGTH)
        return { kind: "error", message: QUEUE_MESSAGES.invalidValue };
      return { kind: "ok", value: text };
    }
    case "radio":
    case "select": {
      if (value === "") return { kind: "empty" };
      const id = optionId(value);
      if (id === null || !question.optionIds.includes(id))
        return { kind: "error", message: QUEUE_MESSAGES.invalidOption };
      return { kind: "ok", value: id };
    }
    case "checkbox": {
      if (!Array.isArray(value)) return { kind: "error", message: QUEUE_MESSAGES.invalidOption };
      if (value.length === 0) return { kind: "empty" };
      const ids = value.map(optionId);
      const valid = ids.every((id) => id !== null && question.optionIds.includes(id));
      if (!valid || new Set(ids).size !== ids.length)
        return { kind: "error", message: QUEUE_MESSAGES.invalidOption };
      return { kind: "ok", value: ids as number[] };
    }
  }
}

export type AnswerIssue = { path: (string | number)[]; message: string };

/**
 * Checks every answer against the questions asked, in order. Issue paths are
 * ["answers", index, …] for a given answer and ["questions", id] for a missing required one.
 */
export function checkAnswers(
  questions: readonly AnswerableQuestion[],
  answers: readonly RawAnswer[],
): { answers: Answer[]; issues: AnswerIssue[] } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const kept: Answer[] = [];
  const issues: AnswerIssue[] = [];
  answers.forEach((answer, index) => {
    const question = byId.get(answer.question_id);
    if (!question) {
      issues.push({
        path: ["answers", index, "question_id"],
        message: QUEUE_MESSAGES.unknownQuestion,
      });
      return;
    }
    if (seen.has(question.id)) {
      issues.push({
        path: ["answers", index, "question_id"],
        message: QUEUE_MESSAGES.duplicateAnswer,
      });
      return;
    }
    seen.add(question.id);
    const outcome = normaliseAnswer(question, answer.value);
    if (outcome.kind === "error")
      issues.push({ path: ["answers", index, "value"], message: outcome.message });
    else if (outcome.kind === "ok") kept.push({ question_id: question.id, value: outcome.value });
  });
  const answered = new Set(kept.map((a) => a.question_id));
  const invalid = new Set(
    issues.map((i) => answers[i.path[1] as number]?.question_id).filter((id) => id !== undefined),
  );
  for (const question of questions) {
    if (!question.required || answered.has(question.id) || invalid.has(question.id)) continue;
    issues.push({
      path: ["questions", question.id],
      message:
        question.type === "checkbox" ? QUEUE_MESSAGES.requiredCheckbox : QUEUE_MESSAGES.required,
    });
  }
  return { answers: kept, issues };
}

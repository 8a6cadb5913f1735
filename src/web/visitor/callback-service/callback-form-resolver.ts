// The form's resolver: the shared join schema (join-rules.ts) run on the form's
// values turned into JoinInput, with the rules' answer paths moved onto the question fields. The
// schema and libphonenumber are lazy chunks: each run waits for the rules, and for the phone module
// only when a number is typed in national form (one starting with "+" is read as it stands).

import type { JoinContext, JoinRequest } from "../../../shared/queue/join-schema.ts";
import { normalisePhoneNumber } from "../../../shared/queue/phone-rules.ts";
import { QUEUE_MESSAGES } from "../../../shared/queue/queue-messages.ts";
import type { FieldErrors, Resolver } from "../../forms/form-store.ts";
import {
  answerKey,
  type CallbackFormValues,
  type JoinInputContext,
  toJoinInput,
} from "./form-values.ts";
import { loadJoinRules } from "./load-join-rules.ts";
import { loadPhoneCountries } from "./load-phone-countries.ts";

export type CallbackFormContext = Omit<JoinInputContext, "phoneNumber"> & { join: JoinContext };

type NestedErrors = Record<string, unknown>;

/**
 * The rules report an answer's problem at ["answers", index, …] and a missing required answer at
 * ["questions", id]; the form has one field per question, "answers.q{id}".
 */
export function moveAnswerErrors(
  errors: NestedErrors,
  questionIds: readonly number[],
): FieldErrors<CallbackFormValues> {
  const { answers, questions, ...rest } = errors;
  const byQuestion: NestedErrors = {};
  for (const [index, error] of Object.entries((answers ?? {}) as NestedErrors)) {
    const id = questionIds[Number(index)];
    if (id === undefined || !error) continue;
    const { value, question_id } = error as NestedErrors;
    byQuestion[answerKey(id)] = value ?? question_id ?? error;
  }
  for (const [id, error] of Object.entries((questions ?? {}) as NestedErrors)) {
    if (error) byQuestion[answerKey(id)] ??= error;
  }
  const moved = { ...rest } as NestedErrors;
  if (Object.keys(byQuestion).length > 0) moved.answers = byQuestion;
  return moved as FieldErrors<CallbackFormValues>;
}

/** `getContext` is read on every run: the chosen service and its questions change as the visitor goes. */
export function callbackFormResolver(
  getContext: () => CallbackFormContext,
): Resolver<CallbackFormValues, unknown, JoinRequest> {
  return async (values, resolverContext, options) => {
    const context = getContext();
    const [{ validateJoinInput }, phoneNumber] = await Promise.all([
      loadJoinRules(),
      phoneComposer(values.cell_phone),
    ]);
    const input = toJoinInput(values, { ...context, phoneNumber });
    // The rules read JoinInput, whose fields are named like the form's (answers aside).
    const result = await validateJoinInput(context.join, input, resolverContext, options as never);
    const errors = moveAnswerErrors(
      result.errors as NestedErrors,
      context.questions.map((question) => question.id),
    );
    if (values.service_id === "")
      errors.service_id = { type: "required", message: QUEUE_MESSAGES.required };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as JoinRequest, errors: {} };
  };
}

/** A number typed with "+" (or none) needs no country rules; one in national form does. */
async function phoneComposer(typed: string): Promise<(typed: string, country: string) => string> {
  const number = normalisePhoneNumber(typed);
  if (number === "" || number.startsWith("+")) return normalisePhoneNumber;
  return (await loadPhoneCountries()).composePhoneNumber;
}

// Field errors of a refused join (JSON:API errors[] with source.pointer into the document sent)
// mapped back onto the form's fields; what has no field is left for the error snackbar.
import type { ApiErrorObject } from "../../api/client.ts";
import { answerFieldName } from "./form-values.ts";

const CLIENT = "/data/relationships/client/data/attributes/";
const ATTRIBUTES = "/data/attributes/";
const ANSWER = /^\/data\/relationships\/answers\/data\/(\d+)\//;
// Client notes have no field on this form; the document's own notes do.
const CLIENT_FIELDS = new Set(["first_name", "last_name", "email", "cell_phone", "receive_sms"]);
const ATTRIBUTE_FIELDS = new Set([
  "service_id",
  "fulfillment_method",
  "notes",
  "explicit_compliance_agreement",
  "car_details/make",
  "car_details/model",
  "car_details/colour",
  "car_details/parking_space",
]);

export type ServerFieldError = { field: string; message: string };

/**
 * `sentQuestionIds` are the question ids of the answers in the document, in order (empty answers
 * are not sent, so document indexes are not form order).
 */
export function serverFieldErrors(
  errors: readonly ApiErrorObject[],
  sentQuestionIds: readonly number[],
): { fields: ServerFieldError[]; other: ApiErrorObject[] } {
  const fields: ServerFieldError[] = [];
  const other: ApiErrorObject[] = [];
  for (const error of errors) {
    const field = fieldOf(error.source?.pointer ?? "", sentQuestionIds);
    const message = error.detail ?? error.title;
    if (field && message) fields.push({ field, message });
    else other.push(error);
  }
  return { fields, other };
}

function fieldOf(pointer: string, sentQuestionIds: readonly number[]): string | null {
  if (pointer.startsWith(CLIENT)) {
    const name = pointer.slice(CLIENT.length);
    return CLIENT_FIELDS.has(name) ? name : null;
  }
  const answer = ANSWER.exec(pointer);
  if (answer) {
    const questionId = sentQuestionIds[Number(answer[1])];
    return questionId === undefined ? null : answerFieldName(questionId);
  }
  if (pointer.startsWith(ATTRIBUTES)) {
    const name = pointer.slice(ATTRIBUTES.length);
    return ATTRIBUTE_FIELDS.has(name) ? name.replace("/", ".") : null;
  }
  return null;
}

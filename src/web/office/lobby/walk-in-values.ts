// The add-walk-in form's values, and the ways between them and the shared join rules: the flat
// input the rules check, the JSON:API document the server takes, and back from a rule's or the
// server's complaint to the field it concerns.
import type { JoinInput, JoinRequest } from "../../../shared/queue/join-schema.ts";
import type { WalkInDocument } from "../../api/office/add-walk-in.ts";
import type { QuestionResource } from "../../api/office/walk-in-questions.ts";

export type WalkInValues = {
  service_id: string;
  meeting_method: "1" | "2" | "3";
  fulfillment_method: "1" | "2";
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string;
  receive_sms: boolean;
  car: { make: string; model: string; colour: string; parking_space: string };
  /** keyed `q{id}`: numeric keys would make the form library build an array */
  answers: Record<string, string | string[] | false>;
  notes: string;
  lang: string;
};

export const answerField = (questionId: string | number) => `q${questionId}`;

export function emptyWalkIn(lang: string): WalkInValues {
  return {
    service_id: "",
    meeting_method: "1",
    fulfillment_method: "1",
    first_name: "",
    last_name: "",
    email: "",
    cell_phone: "",
    receive_sms: false,
    car: { make: "", model: "", colour: "", parking_space: "" },
    answers: {},
    notes: "",
    lang,
  };
}

function answerValue(question: QuestionResource, raw: WalkInValues["answers"][string] | undefined) {
  const type = question.attributes.type;
  if (type === "checkbox") return Array.isArray(raw) ? raw.map(Number) : [];
  const text = typeof raw === "string" ? raw : "";
  if (type === "radio" || type === "select") return text === "" ? null : Number(text);
  return text;
}

/** The flat input of the shared rules (src/shared/queue/join-schema.ts). */
export function joinInputOf(
  values: WalkInValues,
  questions: readonly QuestionResource[],
): JoinInput {
  const curbside = values.fulfillment_method === "2";
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    cell_phone: values.cell_phone,
    receive_sms: values.receive_sms,
    notes: values.notes,
    meeting_method: Number(values.meeting_method) as 1 | 2 | 3,
    fulfillment_method: Number(values.fulfillment_method) as 1 | 2,
    car_details: curbside ? values.car : null,
    answers: questions.map((question) => ({
      question_id: Number(question.id),
      value: answerValue(question, values.answers[answerField(question.id)]),
    })),
  };
}

/** The document of POST /locations/{id}/queue, from what the rules accepted. */
export function walkInDocumentOf(
  serviceId: string,
  lang: string,
  request: JoinRequest,
): WalkInDocument {
  return {
    data: {
      type: "queue-appointments",
      attributes: {
        service_id: Number(serviceId),
        meeting_method: request.meeting_method,
        fulfillment_method: request.fulfillment_method,
        car_details: request.car_details,
        notes: request.notes,
        lang,
      },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: {
              first_name: request.first_name,
              last_name: request.last_name,
              email: request.email,
              cell_phone: request.cell_phone,
              receive_sms: request.receive_sms,
            },
          },
        },
        answers: {
          data: request.answers.map((answer) => ({
            type: "answers" as const,
            attributes: { question_id: answer.question_id, value: answer.value },
          })),
        },
      },
    },
  };
}

const CAR_PARTS = new Set(["make", "model", "colour", "parking_space"]);
const PLAIN_FIELDS = new Set([
  "service_id",
  "meeting_method",
  "fulfillment_method",
  "first_name",
  "last_name",
  "email",
  "cell_phone",
  "receive_sms",
  "notes",
  "lang",
]);

/**
 * The form field a rule's issue path names (["car_details", "make"] → "car.make"), or null for
 * one that belongs to no field. `sentQuestionIds[i]` is the question of answers[i].
 */
export function fieldOfIssue(
  path: readonly PropertyKey[],
  sentQuestionIds: readonly number[],
): string | null {
  const [head, second] = path;
  if (head === "car_details")
    return typeof second === "string" && CAR_PARTS.has(second) ? `car.${second}` : "car.make";
  if (head === "answers" && typeof second === "number") {
    const id = sentQuestionIds[second];
    return id === undefined ? null : `answers.${answerField(id)}`;
  }
  if (head === "questions" && (typeof second === "number" || typeof second === "string"))
    return `answers.${answerField(second)}`;
  if (head === "client_notes") return "notes";
  return typeof head === "string" && PLAIN_FIELDS.has(head) ? head : null;
}

/** The form field a server error's JSON pointer names, or null (then it is shown above the form). */
export function fieldOfPointer(pointer: string, sentQuestionIds: readonly number[]): string | null {
  const parts = pointer.split("/").slice(1);
  const client = ["data", "relationships", "client", "data", "attributes"];
  if (client.every((part, i) => parts[i] === part)) return fieldOfIssue(parts.slice(5), []);
  const answers = ["data", "relationships", "answers", "data"];
  if (answers.every((part, i) => parts[i] === part) && parts[4] !== undefined)
    return fieldOfIssue(["answers", Number(parts[4])], sentQuestionIds);
  if (parts[0] === "data" && parts[1] === "attributes")
    return fieldOfIssue(parts.slice(2), sentQuestionIds);
  return null;
}

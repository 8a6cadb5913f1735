// The join document of POST /api/v2/open/queue-appointments (its schema is the contract in
// src/shared/contracts/queue-appointment-join.ts) mapped to the flat JoinInput of the shared rules
// and back, so field errors point into the document the client sent.
import {
  type JoinDocument,
  TRACKING_PARAMETERS,
} from "../../shared/contracts/queue-appointment-join.ts";
import type { JoinInput } from "../../shared/queue/join-schema.ts";
import { jsonPointer } from "../http/json-api.ts";

/** The client's and the answers' part of the flat form data, from a join's or a booking's document. */
export function visitorInputOf(
  relationships: Pick<JoinDocument["data"]["relationships"], "client" | "answers">,
): Pick<
  JoinInput,
  | "first_name"
  | "last_name"
  | "email"
  | "cell_phone"
  | "receive_sms"
  | "external_id"
  | "lang"
  | "client_notes"
  | "answers"
> {
  const client = relationships.client.data.attributes;
  return {
    first_name: client.first_name,
    last_name: client.last_name,
    email: client.email ?? null,
    cell_phone: client.cell_phone ?? null,
    receive_sms: client.receive_sms ?? false,
    external_id: client.external_id ?? null,
    lang: client.lang ?? null,
    client_notes: client.notes ?? null,
    answers: (relationships.answers?.data ?? []).map((answer) => ({
      question_id: answer.attributes.question_id,
      value: answer.attributes.value,
    })),
  };
}

/** The flat form data the shared join rules check. */
export function joinInputFromDocument(document: JoinDocument): JoinInput {
  const a = document.data.attributes;
  return {
    ...visitorInputOf(document.data.relationships),
    notes: a.notes ?? null,
    meeting_method: a.meeting_method ?? 1,
    fulfillment_method: a.fulfillment_method ?? null,
    car_details: a.car_details ?? null,
    explicit_compliance_agreement: a.explicit_compliance_agreement ?? false,
  };
}

const CLIENT_FIELDS: Record<string, string> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  cell_phone: "cell_phone",
  receive_sms: "receive_sms",
  external_id: "external_id",
  lang: "lang",
  client_notes: "notes",
};

/** Where a flat JoinInput path lives in the document: the pointer of its field error. */
export function joinDocumentPointer(path: (string | number)[]): string {
  const [head, ...rest] = path;
  if (typeof head === "string" && head in CLIENT_FIELDS) {
    return jsonPointer([
      "data",
      "relationships",
      "client",
      "data",
      "attributes",
      CLIENT_FIELDS[head]!,
      ...rest,
    ]);
  }
  if (head === "answers" && typeof rest[0] === "number") {
    return jsonPointer([
      "data",
      "relationships",
      "answers",
      "data",
      rest[0],
      "attributes",
      ...rest.slice(1),
    ]);
  }
  if (head === "questions" || head === "answers")
    return jsonPointer(["data", "relationships", "answers"]);
  if (head === undefined) return jsonPointer(["data"]);
  return jsonPointer(["data", "attributes", ...path]);
}

/** utm_* attributes kept for reports (spec §2 tracking parameters). */
export function trackingOf(document: JoinDocument): Record<string, string> {
  const tracking: Record<string, string> = {};
  for (const name of TRACKING_PARAMETERS) {
    const value = document.data.attributes[name];
    if (value) tracking[name] = value;
  }
  return tracking;
}

// Sending the add-walk-in form: the shared join rules first (every refusal at once, on its field),
// then the server, whose refusals are placed on their fields by pointer, or above the form.
import { buildJoinSchema } from "../../../shared/queue/join-schema.ts";
import { ApiError } from "../../api/client.ts";
import type { WalkInDocument } from "../../api/office/add-walk-in.ts";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import type { QuestionResource } from "../../api/office/walk-in-questions.ts";
import type { ServiceOption } from "../../api/office/walk-in-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { walkInJoinContext } from "./walk-in-join-context.ts";
import {
  fieldOfIssue,
  fieldOfPointer,
  joinInputOf,
  type WalkInValues,
  walkInDocumentOf,
} from "./walk-in-values.ts";

export type WalkInSubmission = {
  values: WalkInValues;
  service: ServiceOption;
  questions: readonly QuestionResource[];
  vendor: VendorResource["attributes"] | null;
  send: (document: WalkInDocument) => Promise<LobbyEntry>;
  /** puts a message on a field ("root": above the form); `focus` for the first one only */
  refuse: (field: string, message: string, focus: boolean) => void;
  /** the text of a rule's message id */
  say: (messageId: string) => string;
  /** the text of a failure with no field */
  describe: (error: unknown) => string;
};

/** The visitor added, or null when something was refused (and shown). */
export async function submitWalkIn(submission: WalkInSubmission): Promise<LobbyEntry | null> {
  const { values, questions, refuse } = submission;
  const schema = buildJoinSchema(
    walkInJoinContext(submission.vendor, submission.service, questions),
  );
  const parsed = schema.safeParse(joinInputOf(values, questions));
  if (!parsed.success) {
    const asked = questions.map((question) => Number(question.id));
    parsed.error.issues.forEach((issue, index) => {
      refuse(fieldOfIssue(issue.path, asked) ?? "root", submission.say(issue.message), index === 0);
    });
    return null;
  }
  try {
    return await submission.send(walkInDocumentOf(values.service_id, values.lang, parsed.data));
  } catch (error) {
    const sent = parsed.data.answers.map((answer) => answer.question_id);
    let placed = false;
    for (const item of error instanceof ApiError ? error.errors : []) {
      const field = item.source?.pointer ? fieldOfPointer(item.source.pointer, sent) : null;
      if (!field || !item.detail) continue;
      refuse(field, item.detail, !placed);
      placed = true;
    }
    if (!placed) refuse("root", submission.describe(error), false);
    return null;
  }
}

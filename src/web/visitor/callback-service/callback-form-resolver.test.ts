// The form's resolver runs the shared join rules: the messages a visitor sees are the rules' own,
// on the fields they concern, and a valid form yields exactly what the join route accepts.

import { describe, expect, it } from "vitest";
import type { JoinContext } from "../../../shared/queue/join-schema.ts";
import { callbackContactOptionsSchema } from "../../../shared/vendor-settings.ts";
import { type FieldErrors, get } from "../../forms/form-store.ts";
import {
  type CallbackFormContext,
  callbackFormResolver,
  moveAnswerErrors,
} from "./callback-form-resolver.ts";
import { type CallbackFormValues, emptyFormValues } from "./form-values.ts";

const QUESTIONS = [
  { id: 11, type: "radio" as const, required: true, optionIds: [1, 2] },
  { id: 12, type: "checkbox" as const, required: true, optionIds: [5, 6, 7] },
  { id: 13, type: "text" as const, required: false, optionIds: [] },
];

function contextFor(overrides: Partial<JoinContext> = {}, meetingMethod: 1 | 2 | 3 = 1) {
  const join: JoinContext = {
    contactOptions: callbackContactOptionsSchema.parse({}),
    features: { notes_digit_validation: true, curbside_pickup: true },
    questions: QUESTIONS,
    service: { supportsWalkin: true, supportsCurbsidePickup: true },
    location: { supportsCurbsidePickup: true },
    kiosk: false,
    clientView: { explicit_compliance_agreement: false, sms_notifications: true },
    ...overrides,
  };
  return { join, meetingMethod, questions: join.questions } satisfies CallbackFormContext;
}

function filled(overrides: Partial<CallbackFormValues> = {}): CallbackFormValues {
  return {
    ...emptyFormValues({ serviceId: "3", phoneCountry: "CA" }),
    fulfillment_method: "1",
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    answers: { q11: "2", q12: ["5", "7"], q13: "" },
    ...overrides,
  };
}

async function resolve(values: CallbackFormValues, context = contextFor()) {
  const resolver = callbackFormResolver(() => context);
  const result = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as never);
  return result as { values: Record<string, unknown>; errors: FieldErrors };
}

/** The message at a dotted path of the errors, or undefined. */
const messageAt = (errors: FieldErrors, path: string) =>
  (get(errors, path) as { message?: string } | undefined)?.message;

describe("callback form resolver", () => {
  it("turns a valid form into the join request: numbers for options, empty answers dropped", async () => {
    const { values, errors } = await resolve(filled({ cell_phone: "416 555-0142" }));
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      first_name: "Ada",
      email: "ada@example.com",
      cell_phone: "+14165550142",
      meeting_method: 1,
      fulfillment_method: 1,
      car_details: null,
      answers: [
        { question_id: 11, value: 2 },
        { question_id: 12, value: [5, 7] },
      ],
    });
  });

  it("asks for a service first", async () => {
    const { errors } = await resolve(filled({ service_id: "" }));
    expect(messageAt(errors, "service_id")).toBe("Errors.required");
  });

  it("refuses notes with 8 consecutive digits, on the notes field", async () => {
    const { errors } = await resolve(filled({ notes: "card 1234-5678 please" }));
    expect(messageAt(errors, "notes")).toBe("CallbackService.notes_error");
    // The server's rule: a number written in groups with spaces is one number too.
    const spaced = await resolve(filled({ notes: "account 1234 5678 9012" }));
    expect(messageAt(spaced.errors, "notes")).toBe("CallbackService.notes_error");
  });

  it("says which number is wrong: too few digits", async () => {
    const { errors } = await resolve(filled({ cell_phone: "12345" }));
    expect(messageAt(errors, "cell_phone")).toBe("CallbackService.phone_invalid");
  });

  it("needs a phone number or an email to notify the visitor", async () => {
    const { errors } = await resolve(filled({ email: "" }));
    expect(messageAt(errors, "cell_phone")).toBe("CallbackService.notify_contact_required");
  });

  it("needs the phone number for a phone callback", async () => {
    const { errors } = await resolve(filled(), contextFor({}, 2));
    expect(messageAt(errors, "cell_phone")).toBe("CallbackService.phone_required_for_callback");
  });

  it("puts a missing required answer on its question's field", async () => {
    const { errors } = await resolve(filled({ answers: { q11: "", q12: [], q13: "" } }));
    expect(messageAt(errors, "answers.q11")).toBe("Errors.required");
    expect(messageAt(errors, "answers.q12")).toBe("CallbackService.required_checkbox");
    expect(get(errors, "answers.q13")).toBeUndefined();
  });

  it("needs make, model and colour for curbside pickup", async () => {
    const { errors } = await resolve(
      filled({
        fulfillment_method: "2",
        car_details: { make: "Volvo", model: "", colour: "", parking_space: "" },
      }),
    );
    expect(messageAt(errors, "car_details.model")).toBe("CallbackService.car_details_required");
    expect(messageAt(errors, "car_details.colour")).toBe("CallbackService.car_details_required");
    expect(get(errors, "car_details.make")).toBeUndefined();
  });

  it("needs the compliance agreement ticked when the vendor asks for it", async () => {
    const context = contextFor({
      clientView: { explicit_compliance_agreement: true, sms_notifications: true },
    });
    const { errors } = await resolve(filled(), context);
    expect(messageAt(errors, "explicit_compliance_agreement")).toBe(
      "CallbackService.compliance_required",
    );
    const ticked = await resolve(filled({ explicit_compliance_agreement: true }), context);
    expect(ticked.errors).toEqual({});
  });

  it("sends receive_sms true when the vendor requires text messages and a phone is given", async () => {
    const context = contextFor({
      contactOptions: callbackContactOptionsSchema.parse({ sms_notifications: "required" }),
    });
    const { values } = await resolve(filled({ cell_phone: "+1 416 555 0142" }), context);
    expect(values.receive_sms).toBe(true);
  });
});

describe("moving answer errors onto question fields", () => {
  it("maps answer indexes and question ids to answers.q{id}", () => {
    const moved = moveAnswerErrors(
      {
        email: { message: "x" },
        answers: [undefined, { value: { message: "CallbackService.invalid_option" } }],
        questions: { 11: { message: "Errors.required" } },
      },
      [11, 12],
    );
    expect(moved.email).toEqual({ message: "x" });
    expect(moved.answers).toEqual({
      q11: { message: "Errors.required" },
      q12: { message: "CallbackService.invalid_option" },
    });
  });
});

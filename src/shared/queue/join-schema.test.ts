import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callbackContactOptionsSchema } from "../vendor-settings.ts";
import { buildJoinSchema, contactNeededBeforeQuestions, type JoinContext } from "./join-schema.ts";
import { QUEUE_MESSAGES as M } from "./queue-messages.ts";

function context(overrides: Partial<JoinContext> = {}): JoinContext {
  return {
    contactOptions: callbackContactOptionsSchema.parse({}),
    features: { notes_digit_validation: true, curbside_pickup: true },
    questions: [],
    service: { supportsWalkin: true, supportsCurbsidePickup: true },
    location: { supportsCurbsidePickup: true },
    kiosk: false,
    clientView: { explicit_compliance_agreement: false, sms_notifications: true },
    ...overrides,
  };
}

const visitor = { first_name: "Ada", last_name: "Lovelace", cell_phone: "+14155550100" };

function issues(ctx: JoinContext, input: unknown) {
  const result = buildJoinSchema(ctx).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
}

describe("join schema", () => {
  it("accepts a minimal walk-in and fills the defaults", () => {
    const parsed = buildJoinSchema(context()).parse(visitor);
    expect(parsed).toMatchObject({
      cell_phone: "+14155550100",
      email: null,
      meeting_method: 1,
      fulfillment_method: 1,
      car_details: null,
      answers: [],
      receive_sms: false,
    });
  });

  it("takes the client's language as one of the eight locales, and refuses any other", () => {
    const parse = (lang: unknown) => buildJoinSchema(context()).parse({ ...visitor, lang }).lang;
    expect(parse(undefined)).toBeNull();
    expect(parse("  ")).toBeNull();
    expect(parse("ko")).toBe("ko");
    expect(parse("PT-br")).toBe("pt-BR");
    expect(parse("zh")).toBe("zh-CN");
    for (const lang of ["de", "xx-YY", "english"])
      expect(issues(context(), { ...visitor, lang })).toEqual([`lang:${M.languageUnsupported}`]);
  });

  it("keeps the client's external id, trimmed and at most 255 characters", () => {
    const parse = (external_id: string) =>
      buildJoinSchema(context()).parse({ ...visitor, external_id });
    expect(parse(" crm-7 ").external_id).toBe("crm-7");
    expect(parse("x".repeat(255)).external_id).toHaveLength(255);
    expect(issues(context(), { ...visitor, external_id: "x".repeat(256) })).toEqual([
      `external_id:${M.invalidValue}`,
    ]);
  });

  it("needs a phone or an email to notify the visitor, except on a kiosk", () => {
    const input = { first_name: "Ada", last_name: "Lovelace" };
    expect(issues(context(), input)).toEqual([`cell_phone:${M.notifyContactRequired}`]);
    expect(issues(context({ kiosk: true }), input)).toEqual([]);
  });

  it("applies hidden, optional and required to email, phone and notes", () => {
    const contactOptions = callbackContactOptionsSchema.parse({
      email: "required",
      mobile_phone: "hidden",
      notes: "required",
    });
    expect(issues(context({ contactOptions }), visitor)).toEqual([
      `email:${M.required}`,
      `cell_phone:${M.fieldNotAccepted}`,
      `notes:${M.required}`,
    ]);
  });

  it("strips spaces from the email and checks its form", () => {
    expect(
      buildJoinSchema(context()).parse({ ...visitor, email: " ada @example.com " }).email,
    ).toBe("ada@example.com");
    expect(issues(context(), { ...visitor, email: "not-an-email" })).toEqual([
      `email:${M.emailInvalid}`,
    ]);
  });

  it("needs a phone number for a phone callback even when the phone field is hidden", () => {
    const contactOptions = callbackContactOptionsSchema.parse({ mobile_phone: "hidden" });
    expect(
      issues(context({ contactOptions }), {
        ...visitor,
        cell_phone: null,
        email: "a@b.co",
        meeting_method: 2,
      }),
    ).toEqual([`cell_phone:${M.phoneRequiredForCallback}`]);
  });

  it("refuses notes with 8 consecutive digits only while the flag is on", () => {
    const notes = "my card 4111-1111 thanks";
    expect(issues(context(), { ...visitor, notes })).toEqual([`notes:${M.notesDigits}`]);
    expect(
      issues(context({ features: { notes_digit_validation: false, curbside_pickup: true } }), {
        ...visitor,
        notes,
      }),
    ).toEqual([]);
  });

  it("refuses links in names, notes and car details", () => {
    expect(issues(context(), { ...visitor, first_name: "www.spam.example" })).toEqual([
      `first_name:${M.notUrl}`,
    ]);
    expect(issues(context(), { ...visitor, notes: "see https://x.example" })).toEqual([
      `notes:${M.notUrl}`,
    ]);
    const car = { make: "Ford", model: "evil.com", colour: "red" };
    expect(issues(context(), { ...visitor, fulfillment_method: 2, car_details: car })).toEqual([
      `car_details.model:${M.notUrl}`,
    ]);
  });

  it("requires car details for curbside and refuses them for a walk-in", () => {
    expect(issues(context(), { ...visitor, fulfillment_method: 2 })).toEqual([
      `car_details.make:${M.carDetailsRequired}`,
      `car_details.model:${M.carDetailsRequired}`,
      `car_details.colour:${M.carDetailsRequired}`,
    ]);
    const car = { make: "Ford", model: "Focus", colour: "red" };
    expect(issues(context(), { ...visitor, fulfillment_method: 1, car_details: car })).toEqual([
      `car_details:${M.fieldNotAccepted}`,
    ]);
    expect(
      buildJoinSchema(context()).parse({ ...visitor, fulfillment_method: 2, car_details: car })
        .car_details,
    ).toEqual(car);
  });

  it("lets the service force the fulfillment method", () => {
    const curbsideOnly = context({
      service: { supportsWalkin: false, supportsCurbsidePickup: true },
    });
    const car = { make: "Ford", model: "Focus", colour: "red" };
    expect(
      buildJoinSchema(curbsideOnly).parse({ ...visitor, car_details: car }).fulfillment_method,
    ).toBe(2);
    expect(issues(curbsideOnly, { ...visitor, fulfillment_method: 1 })).toEqual([
      `fulfillment_method:${M.fulfillmentUnavailable}`,
    ]);
    const walkinOnly = context({
      service: { supportsWalkin: true, supportsCurbsidePickup: false },
    });
    expect(issues(walkinOnly, { ...visitor, fulfillment_method: 2, car_details: car })).toEqual([
      `fulfillment_method:${M.fulfillmentUnavailable}`,
    ]);
    const noCurbsideHere = context({ location: { supportsCurbsidePickup: false } });
    expect(issues(noCurbsideHere, { ...visitor, fulfillment_method: 2, car_details: car })).toEqual(
      [`fulfillment_method:${M.fulfillmentUnavailable}`],
    );
  });

  it("forces receive_sms on when SMS is required and off without a phone", () => {
    const contactOptions = callbackContactOptionsSchema.parse({ sms_notifications: "required" });
    expect(buildJoinSchema(context({ contactOptions })).parse(visitor).receive_sms).toBe(true);
    expect(
      buildJoinSchema(context()).parse({
        ...visitor,
        cell_phone: null,
        email: "a@b.co",
        receive_sms: true,
      }).receive_sms,
    ).toBe(false);
    expect(buildJoinSchema(context()).parse({ ...visitor, receive_sms: true }).receive_sms).toBe(
      true,
    );
  });

  it("requires the explicit compliance agreement when enabled, but not on a kiosk", () => {
    const clientView = { explicit_compliance_agreement: true, sms_notifications: true };
    expect(issues(context({ clientView }), visitor)).toEqual([
      `explicit_compliance_agreement:${M.complianceRequired}`,
    ]);
    expect(issues(context({ clientView, kiosk: true }), visitor)).toEqual([]);
    expect(
      issues(context({ clientView }), { ...visitor, explicit_compliance_agreement: true }),
    ).toEqual([]);
  });

  it("checks answers: options of the question, required questions, empty answers dropped", () => {
    const questions = [
      { id: 1, type: "checkbox" as const, required: true, optionIds: [10, 11] },
      { id: 2, type: "select" as const, required: false, optionIds: [20, 21] },
      { id: 3, type: "text" as const, required: true, optionIds: [] },
    ];
    const ctx = context({ questions });
    expect(issues(ctx, visitor)).toEqual([
      `questions.1:${M.requiredCheckbox}`,
      `questions.3:${M.required}`,
    ]);
    expect(
      issues(ctx, {
        ...visitor,
        answers: [
          { question_id: 1, value: [10, 99] },
          { question_id: 3, value: "x" },
        ],
      }),
    ).toEqual([`answers.0.value:${M.invalidOption}`]);
    expect(issues(ctx, { ...visitor, answers: [{ question_id: 4, value: "x" }] })).toContain(
      `answers.0.question_id:${M.unknownQuestion}`,
    );
    const parsed = buildJoinSchema(ctx).parse({
      ...visitor,
      answers: [
        { question_id: 1, value: [11, "10"] },
        { question_id: 2, value: "" },
        { question_id: 3, value: "  hello " },
      ],
    });
    expect(parsed.answers).toEqual([
      { question_id: 1, value: [11, 10] },
      { question_id: 3, value: "hello" },
    ]);
  });

  it("refuses text the database cannot store", () => {
    expect(issues(context(), { ...visitor, first_name: "A\u0000" })).toEqual([
      `first_name:${M.invalidValue}`,
    ]);
    expect(issues(context(), { ...visitor, notes: "\u0000" })).toEqual([`notes:${M.invalidValue}`]);
  });

  it("refuses unknown fields", () => {
    expect(buildJoinSchema(context()).safeParse({ ...visitor, admin: true }).success).toBe(false);
  });

  it("never throws, whatever it is given", () => {
    const schema = buildJoinSchema(
      context({ questions: [{ id: 1, type: "radio", required: true, optionIds: [1] }] }),
    );
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => schema.safeParse(input)).not.toThrow();
      }),
    );
    fc.assert(
      fc.property(
        fc.record({
          first_name: fc.string(),
          last_name: fc.string(),
          email: fc.option(fc.string()),
          cell_phone: fc.option(fc.string()),
          notes: fc.option(fc.string()),
          fulfillment_method: fc.option(fc.constantFrom(1, 2)),
          answers: fc.array(
            fc.record({ question_id: fc.integer({ min: 1, max: 3 }), value: fc.jsonValue() }),
          ),
        }),
        (input) => {
          expect(() => schema.safeParse(input)).not.toThrow();
        },
      ),
    );
  });
});

describe("contact needed before questions", () => {
  it("names which required contact is still missing", () => {
    const both = callbackContactOptionsSchema.parse({
      email: "required",
      mobile_phone: "required",
    });
    expect(contactNeededBeforeQuestions(both, { email: false, cellPhone: false })).toBe(
      M.contactBeforeQuestionsBoth,
    );
    expect(contactNeededBeforeQuestions(both, { email: false, cellPhone: true })).toBe(
      M.contactBeforeQuestionsEmail,
    );
    expect(contactNeededBeforeQuestions(both, { email: true, cellPhone: false })).toBe(
      M.contactBeforeQuestionsPhone,
    );
    expect(contactNeededBeforeQuestions(both, { email: true, cellPhone: true })).toBeNull();
  });
});

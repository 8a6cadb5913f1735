// The rules for joining the line (spec §5) as one zod schema built for a vendor, location,
// service and question set; the callback form and the join route run the same schema.
// Messages are catalog ids; paths name the fields of JoinInput.
import { z } from "zod";
import { FULFILLMENT_METHODS, MEETING_METHODS } from "../domain.ts";
import { matchLocale } from "../locale.ts";
import type { CallbackContactOptions, ContactRequirement } from "../vendor-settings.ts";
import { containsUrl, hasConsecutiveDigits, normaliseEmail } from "./free-text-rules.ts";
import { allowedFulfillments } from "./fulfillment.ts";
import { phoneNumberSchema } from "./phone-number.ts";
import { type AnswerableQuestion, checkAnswers } from "./question-answers.ts";

// The form imports this rule from contact-rules.ts, which ships without zod.
export { contactNeededBeforeQuestions } from "./contact-rules.ts";

import { QUEUE_MESSAGES as M } from "./queue-messages.ts";
import { isStorableText, storableText } from "./storable-text.ts";

export type JoinContext = {
  contactOptions: CallbackContactOptions;
  features: { notes_digit_validation: boolean; curbside_pickup: boolean };
  /** the questions asked for the chosen service; empty when the vendor asks none */
  questions: readonly AnswerableQuestion[];
  /** the chosen service, or null while the form has none selected */
  service: { supportsWalkin: boolean; supportsCurbsidePickup: boolean } | null;
  location: { supportsCurbsidePickup: boolean };
  /** a physical kiosk in the lobby (not a visitor's phone) */
  kiosk: boolean;
  /** client-view settings that shape the form */
  clientView: { explicit_compliance_agreement: boolean; sms_notifications: boolean };
};

const optionalText = (max: number) =>
  storableText(max)
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim() ?? "";
      return trimmed === "" ? null : trimmed;
    });

const name = z
  .string(M.required)
  .trim()
  .min(1, M.required)
  .max(100, M.invalidValue)
  .refine(isStorableText, M.invalidValue)
  .refine((v) => !containsUrl(v), M.notUrl);

const carDetailsInput = z
  .object({
    make: optionalText(100),
    model: optionalText(100),
    colour: optionalText(100),
    parking_space: optionalText(50),
  })
  .strict();

const rawAnswer = z
  .object({
    question_id: z.number().int().positive().max(2_147_483_647),
    value: z.union([
      storableText(10_000),
      z.number(),
      z.array(z.union([z.number(), z.string().max(20)])).max(200),
      z.null(),
    ]),
  })
  .strict();

/** What the form (or the route, from the JSON:API document) hands to the schema. */
export const joinInputSchema = z
  .object({
    first_name: name,
    last_name: name,
    email: optionalText(254).transform((v) => (v === null ? null : normaliseEmail(v) || null)),
    cell_phone: z
      .string()
      .nullish()
      .transform((v) => v ?? "")
      .pipe(phoneNumberSchema)
      .transform((v) => (v === "" ? null : v)),
    receive_sms: z.boolean().default(false),
    /** the vendor's own id of the client */
    external_id: optionalText(255),
    /** the client's language for messages; the page's language when absent */
    lang: optionalText(100),
    notes: optionalText(2000),
    client_notes: optionalText(2000),
    meeting_method: z
      .union([
        z.literal(MEETING_METHODS.in_person),
        z.literal(MEETING_METHODS.phone),
        z.literal(MEETING_METHODS.video),
      ])
      .default(MEETING_METHODS.in_person),
    fulfillment_method: z
      .union([z.literal(FULFILLMENT_METHODS.walk_in), z.literal(FULFILLMENT_METHODS.curbside)])
      .nullish(),
    car_details: carDetailsInput.nullish(),
    answers: z.array(rawAnswer).max(200).default([]),
    explicit_compliance_agreement: z.boolean().default(false),
  })
  .strict();
export type JoinInput = z.input<typeof joinInputSchema>;

type Parsed = z.output<typeof joinInputSchema>;
type Issue = { path: (string | number)[]; message: string };

function contactIssue(
  requirement: ContactRequirement,
  present: boolean,
  path: string,
): Issue | null {
  if (requirement === "hidden" && present) return { path: [path], message: M.fieldNotAccepted };
  if (requirement === "required" && !present) return { path: [path], message: M.required };
  return null;
}

function issuesOf(context: JoinContext, v: Parsed): Issue[] {
  const issues: Issue[] = [];
  const push = (issue: Issue | null) => issue && issues.push(issue);
  const options = context.contactOptions;
  const phoneCall = v.meeting_method === MEETING_METHODS.phone;

  push(contactIssue(options.email, v.email !== null, "email"));
  if (v.email !== null && !z.email().safeParse(v.email).success)
    push({ path: ["email"], message: M.emailInvalid });
  if (phoneCall && v.cell_phone === null)
    push({ path: ["cell_phone"], message: M.phoneRequiredForCallback });
  else if (!phoneCall)
    push(contactIssue(options.mobile_phone, v.cell_phone !== null, "cell_phone"));
  const canNotify = options.email !== "hidden" || options.mobile_phone !== "hidden";
  if (!context.kiosk && canNotify && v.email === null && v.cell_phone === null && !issues.length) {
    push({
      path: [options.mobile_phone !== "hidden" ? "cell_phone" : "email"],
      message: M.notifyContactRequired,
    });
  }

  if (v.lang !== null && matchLocale(v.lang) === undefined)
    push({ path: ["lang"], message: M.languageUnsupported });

  push(contactIssue(options.notes, v.notes !== null, "notes"));
  for (const field of ["notes", "client_notes"] as const) {
    const text = v[field];
    if (text === null) continue;
    if (containsUrl(text)) push({ path: [field], message: M.notUrl });
    else if (context.features.notes_digit_validation && hasConsecutiveDigits(text))
      push({ path: [field], message: M.notesDigits });
  }

  const allowed = allowedFulfillments({
    service: context.service ?? { supportsWalkin: true, supportsCurbsidePickup: true },
    location: context.location,
    curbsideEnabled: context.features.curbside_pickup,
  });
  const chosen = v.fulfillment_method ?? allowed[0];
  if (chosen === undefined || !allowed.includes(chosen))
    push({ path: ["fulfillment_method"], message: M.fulfillmentUnavailable });
  const car = v.car_details;
  const carGiven = car ? Object.values(car).some((x) => x !== null) : false;
  if (chosen === FULFILLMENT_METHODS.curbside) {
    if (v.meeting_method !== MEETING_METHODS.in_person)
      push({ path: ["fulfillment_method"], message: M.fulfillmentUnavailable });
    for (const part of ["make", "model", "colour"] as const) {
      if (!car?.[part]) push({ path: ["car_details", part], message: M.carDetailsRequired });
    }
    for (const part of ["make", "model", "colour", "parking_space"] as const) {
      const text = car?.[part];
      if (text && containsUrl(text)) push({ path: ["car_details", part], message: M.notUrl });
    }
  } else if (carGiven) {
    push({ path: ["car_details"], message: M.fieldNotAccepted });
  }

  if (
    context.clientView.explicit_compliance_agreement &&
    !context.kiosk &&
    !v.explicit_compliance_agreement
  ) {
    push({ path: ["explicit_compliance_agreement"], message: M.complianceRequired });
  }
  issues.push(...checkAnswers(context.questions, v.answers).issues);
  return issues;
}

/** Spec §5: forced true when SMS is required, false without a phone or when SMS is off. */
function receiveSms(context: JoinContext, v: Parsed): boolean {
  const requirement = context.contactOptions.sms_notifications;
  if (v.cell_phone === null || requirement === "hidden" || !context.clientView.sms_notifications)
    return false;
  return requirement === "required" ? true : v.receive_sms;
}

export function buildJoinSchema(context: JoinContext) {
  return joinInputSchema
    .superRefine((v, ctx) => {
      for (const issue of issuesOf(context, v))
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    })
    .transform((v) => {
      const allowed = allowedFulfillments({
        service: context.service ?? { supportsWalkin: true, supportsCurbsidePickup: true },
        location: context.location,
        curbsideEnabled: context.features.curbside_pickup,
      });
      const fulfillment = v.fulfillment_method ?? allowed[0] ?? FULFILLMENT_METHODS.walk_in;
      const car = v.car_details;
      return {
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email,
        cell_phone: v.cell_phone,
        receive_sms: receiveSms(context, v),
        external_id: v.external_id,
        /** one of the eight locales ("pt" → pt-BR), or null: the page's language applies */
        lang: v.lang === null ? null : (matchLocale(v.lang) ?? null),
        notes: v.notes,
        client_notes: v.client_notes,
        meeting_method: v.meeting_method,
        fulfillment_method: fulfillment,
        car_details:
          fulfillment === FULFILLMENT_METHODS.curbside && car?.make && car.model && car.colour
            ? {
                make: car.make,
                model: car.model,
                colour: car.colour,
                ...(car.parking_space ? { parking_space: car.parking_space } : {}),
              }
            : null,
        answers: checkAnswers(context.questions, v.answers).answers,
        explicit_compliance_agreement: v.explicit_compliance_agreement,
      };
    });
}
export type JoinRequest = z.output<ReturnType<typeof buildJoinSchema>>;

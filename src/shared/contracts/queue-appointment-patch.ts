// The JSON:API document of PATCH /api/internal/v1/queue-appointments/{id} (docs/lobby-api.md): a
// status from the transition table, the meeting link and dial-in of a remote visit, the assigned
// staff member, and the curbside "I'm here". Unknown members are refused; messages are catalog ids.
import { z } from "zod";
import { QUEUE_STATUSES } from "../domain.ts";
import { LOBBY_MESSAGES } from "../lobby/lobby-messages.ts";
import { phoneNumberSchema } from "../queue/phone-number.ts";
import { QUEUE_MESSAGES } from "../queue/queue-messages.ts";
import { CALL_ACTIONS } from "../queue/queue-transitions.ts";
import { isStorableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const meetingLink = z
  .string()
  .trim()
  .max(2000, LOBBY_MESSAGES.meetingLinkInvalid)
  .refine((value) => {
    // The URL parser accepts control characters (percent-encoding them), but a link a visitor
    // is sent never holds one, and the database cannot store U+0000.
    if (!isStorableText(value) || CONTROL_CHARACTER.test(value)) return false;
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  }, LOBBY_MESSAGES.meetingLinkInvalid);

const dialIn = z
  .object({
    e164: z
      .string(QUEUE_MESSAGES.required)
      .pipe(phoneNumberSchema)
      .refine((value) => value !== "", QUEUE_MESSAGES.required),
    pin: z
      .string()
      .trim()
      .regex(/^[0-9*#]{1,20}$/, LOBBY_MESSAGES.dialInPinInvalid)
      .nullish(),
  })
  .strict();

/** A desk or counter as a visitor reads it on their page and the TV: one short line. */
export const deskSchema = z
  .string()
  .trim()
  .min(1, LOBBY_MESSAGES.deskInvalid)
  .max(40, LOBBY_MESSAGES.deskInvalid)
  .refine(
    (value) => isStorableText(value) && !CONTROL_CHARACTER.test(value),
    LOBBY_MESSAGES.deskInvalid,
  );

export const patchAttributesSchema = z
  .object({
    status: z.enum(QUEUE_STATUSES).optional(),
    meeting_link: meetingLink.nullable().optional(),
    dial_in: dialIn.nullable().optional(),
    user_id: resourceIdValue.nullable().optional().describe("the staff member serving or assigned"),
    arrived: z.boolean().optional().describe("curbside: the visitor said they are here"),
    call: z
      .enum(CALL_ACTIONS)
      .optional()
      .describe(
        "a waiting visitor: call them to a desk, call them again, or put them back in line uncalled",
      ),
    desk: deskSchema
      .nullable()
      .optional()
      .describe("with call or recall: the desk the visitor goes to (else the caller's own)"),
  })
  .strict()
  .refine((attributes) => Object.keys(attributes).length > 0, QUEUE_MESSAGES.required);

export const queueAppointmentPatchSchema = z
  .object({
    data: z
      .object({
        id: z.string().max(32),
        type: z.literal("queue-appointments"),
        attributes: patchAttributesSchema,
      })
      .strict(),
  })
  .strict();

export type PatchAttributes = z.output<typeof patchAttributesSchema>;

// The add-walk-in form speaks the shared join rules and the server's document: what it sends is
// what the route accepts, and every complaint, the rules' or the server's, lands on its field.
import { describe, expect, it } from "vitest";
import { walkInDocumentSchema } from "../../../shared/contracts/walk-in.ts";
import { buildJoinSchema } from "../../../shared/queue/join-schema.ts";
import type { QuestionResource } from "../../api/office/walk-in-questions.ts";
import type { ServiceOption } from "../../api/office/walk-in-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { meetingMethodsAt, walkInJoinContext } from "./walk-in-join-context.ts";
import {
  emptyWalkIn,
  fieldOfIssue,
  fieldOfPointer,
  joinInputOf,
  type WalkInValues,
  walkInDocumentOf,
} from "./walk-in-values.ts";

const service: ServiceOption = {
  id: "11",
  name: "Open an account",
  instructions: null,
  text: "Open an account",
  value: "11",
  supportsCurbsidePickup: true,
  supportsWalkin: true,
  meetingMethods: [1, 2, 3],
};

const questions: QuestionResource[] = [
  {
    id: "3",
    type: "questions",
    attributes: {
      type: "radio",
      label: "Existing customer?",
      placeholder: null,
      required: true,
      options: [
        { value: 7, text: "Yes" },
        { value: 8, text: "No" },
      ],
    },
  },
  {
    id: "4",
    type: "questions",
    attributes: {
      type: "checkbox",
      label: "Documents",
      placeholder: null,
      required: false,
      options: [
        { value: 9, text: "ID" },
        { value: 10, text: "Proof of address" },
      ],
    },
  },
];

const vendor = {
  callback_contact_options: {
    email: "optional",
    mobile_phone: "optional",
    sms_notifications: "optional",
    notes: "optional",
  },
  features: {
    notes_digit_validation: true,
    curbside_pickup: true,
    in_person_callbacks: true,
    phone_callbacks: true,
    video_meetings: false,
  },
  client_view: { sms_notifications: true },
} as unknown as VendorResource["attributes"];

const schema = buildJoinSchema(walkInJoinContext(vendor, service, questions));

function values(overrides: Partial<WalkInValues>): WalkInValues {
  return { ...emptyWalkIn("en"), service_id: "11", ...overrides };
}

describe("the walk-in form and the join rules", () => {
  it("builds a document the lobby route's schema accepts", () => {
    const parsed = schema.safeParse(
      joinInputOf(
        values({
          first_name: " Otto ",
          last_name: "Lilienthal",
          cell_phone: "+1 212 555 0100",
          receive_sms: true,
          fulfillment_method: "2",
          car: { make: "Volvo", model: "V70", colour: "Green", parking_space: "" },
          answers: { q3: "7", q4: ["9", "10"] },
          notes: "Needs a wheelchair ramp",
        }),
        questions,
      ),
    );
    expect(parsed.success).toBe(true);
    const document = walkInDocumentOf("11", "pl", parsed.data!);
    const accepted = walkInDocumentSchema.safeParse(document);
    expect(accepted.error?.issues ?? []).toEqual([]);
    expect(document.data.attributes).toMatchObject({
      service_id: 11,
      fulfillment_method: 2,
      car_details: { make: "Volvo", model: "V70", colour: "Green" },
      lang: "pl",
    });
    expect(document.data.relationships.client.data.attributes).toMatchObject({
      first_name: "Otto",
      cell_phone: "+12125550100",
      receive_sms: true,
    });
    expect(document.data.relationships.answers?.data.map((a) => a.attributes)).toEqual([
      { question_id: 3, value: 7 },
      { question_id: 4, value: [9, 10] },
    ]);
  });

  it("refuses what the visitor form refuses, each on its own field", () => {
    const parsed = schema.safeParse(
      joinInputOf(
        values({
          first_name: "",
          cell_phone: "212 555 0100",
          fulfillment_method: "2",
          notes: "call me on 12345678",
        }),
        questions,
      ),
    );
    expect(parsed.success).toBe(false);
    const asked = questions.map((q) => Number(q.id));
    const fields = Object.fromEntries(
      parsed.error!.issues.map((issue) => [fieldOfIssue(issue.path, asked), issue.message]),
    );
    expect(fields).toMatchObject({
      first_name: "Errors.required",
      last_name: "Errors.required",
      cell_phone: "CallbackService.phone_plus",
      "car.make": "CallbackService.car_details_required",
      notes: "CallbackService.notes_error",
      "answers.q3": "Errors.required",
    });
  });

  it("finds the field of a server error from its pointer", () => {
    const sent = [3, 4];
    expect(fieldOfPointer("/data/relationships/client/data/attributes/email", sent)).toBe("email");
    expect(fieldOfPointer("/data/attributes/car_details/colour", sent)).toBe("car.colour");
    expect(fieldOfPointer("/data/attributes/meeting_method", sent)).toBe("meeting_method");
    expect(fieldOfPointer("/data/relationships/answers/data/1/attributes/value", sent)).toBe(
      "answers.q4",
    );
    expect(fieldOfPointer("/data/relationships/answers", sent)).toBeNull();
    expect(fieldOfPointer("/data", sent)).toBeNull();
  });

  it("offers the meeting methods that both the vendor and the location take", () => {
    const location = {
      attributes: { supports_in_person: true, supports_phone: false, supports_video: true },
    } as Parameters<typeof meetingMethodsAt>[1];
    // video is off for this vendor, phone for this location
    expect(meetingMethodsAt(vendor, location)).toEqual([1]);
    expect(meetingMethodsAt(vendor, undefined)).toEqual([1, 2]);
  });
});

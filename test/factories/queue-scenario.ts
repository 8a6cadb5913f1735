// A ready-made world for the open queue API tests: a vendor with a served location and three
// kinds of service, a private location, questions, and a second vendor (harbour.localhost)
// whose ids must never be reachable from the first.
import type { Db } from "../../src/server/db/client.ts";
import { createLocation } from "./locations.ts";
import { createQuestion } from "./questions.ts";
import { createService } from "./services.ts";
import { createStaffOnShift } from "./staff-on-shift.ts";
import { createVendor } from "./vendors.ts";

export const VENDOR_HOST = "queue.localhost";
export const OTHER_VENDOR_HOST = "harbour.localhost";

export async function createQueueScenario(db: Db) {
  const vendor = await createVendor(db, { name: "Queue Bank", hosts: [VENDOR_HOST] });
  const location = await createLocation(db, vendor.id, {
    name: "Main Branch",
    supportsCurbsidePickup: true,
    instructions: "Take a seat in the lobby",
    translations: [{ locale: "fr", field: "name", content: "Agence principale" }],
  });
  const privateLocation = await createLocation(db, vendor.id, {
    name: "Staff Only",
    visibility: "private",
  });
  const walkin = await createService(db, vendor.id, {
    locationIds: [location.id, privateLocation.id],
    name: "Open an account",
    translations: [{ locale: "fr", field: "name", content: "Ouvrir un compte" }],
  });
  const curbsideOnly = await createService(db, vendor.id, {
    locationIds: [location.id],
    name: "Pick up documents",
    supportsWalkin: false,
    supportsCurbsidePickup: true,
  });
  const both = await createService(db, vendor.id, {
    locationIds: [location.id],
    name: "Deposit a cheque",
    supportsCurbsidePickup: true,
  });
  const notOffered = await createService(db, vendor.id, {
    locationIds: [],
    name: "Mortgage advice",
  });
  const staff = await createStaffOnShift(db, vendor.id, location.id, {
    firstName: "Ada",
    lastName: "Teller",
  });
  const reason = await createQuestion(db, vendor.id, {
    type: "checkbox",
    label: "What brings you in?",
    helpText: "Tick all that apply",
    required: true,
    options: [
      { text: "Savings" },
      { text: "Loans", translations: [{ locale: "fr", field: "text", content: "Prêts" }] },
    ],
    translations: [{ locale: "fr", field: "label", content: "Qu’est-ce qui vous amène ?" }],
    serviceIds: [walkin.id],
  });
  const comment = await createQuestion(db, vendor.id, {
    type: "text",
    label: "Anything else?",
    sortOrder: 1,
  });

  const other = await createVendor(db, { name: "Harbour Clinic", hosts: [OTHER_VENDOR_HOST] });
  const otherLocation = await createLocation(db, other.id, { name: "Harbour Front" });
  const otherService = await createService(db, other.id, {
    locationIds: [otherLocation.id],
    name: "Check-up",
  });
  const otherQuestion = await createQuestion(db, other.id, { type: "text", label: "Symptoms?" });

  return {
    vendor,
    location,
    privateLocation,
    services: { walkin, curbsideOnly, both, notOffered },
    staff,
    questions: { reason, comment },
    other: {
      vendor: other,
      location: otherLocation,
      service: otherService,
      question: otherQuestion,
    },
  };
}

export type QueueScenario = Awaited<ReturnType<typeof createQueueScenario>>;

/** A valid join document for the scenario's walk-in service, with the required question answered. */
export function joinDocument(
  scenario: QueueScenario,
  overrides: {
    attributes?: Record<string, unknown>;
    client?: Record<string, unknown>;
    answers?: { question_id: unknown; value: unknown }[];
  } = {},
) {
  return {
    data: {
      type: "queue-appointments",
      attributes: {
        location_id: String(scenario.location.id),
        service_id: String(scenario.services.walkin.id),
        meeting_method: 1,
        ...overrides.attributes,
      },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: {
              first_name: "Grace",
              last_name: "Hopper",
              email: "grace@example.com",
              cell_phone: "+14155550123",
              receive_sms: true,
              ...overrides.client,
            },
          },
        },
        answers: {
          data: (
            overrides.answers ?? [
              {
                question_id: String(scenario.questions.reason.id),
                value: [scenario.questions.reason.options[0]!.id],
              },
            ]
          ).map((attributes) => ({ type: "answers", attributes })),
        },
      },
    },
  };
}

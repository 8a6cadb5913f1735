// The vendor the fault tests join visitors to (slug "faults", the nodes' DEFAULT_VENDOR, so any
// Host reaches it): locations open all day with staff on shift, a walk-in service, a required
// checkbox question and a free-text one, and a join document that differs for every visitor.
import { type Db, openDatabase } from "../../src/server/db/client.ts";
import { createLocation } from "../factories/locations.ts";
import { createQuestion } from "../factories/questions.ts";
import { createService } from "../factories/services.ts";
import { createStaffOnShift } from "../factories/staff-on-shift.ts";
import { createVendor } from "../factories/vendors.ts";

export const FAULTS_VENDOR = "faults";

export type FaultScenario = {
  vendorId: number;
  locationIds: number[];
  serviceId: number;
  reasonQuestionId: number;
  reasonOptionIds: number[];
  commentQuestionId: number;
};

/** Creates the scenario in the PostgreSQL database at `url` (migrating it first if it is new). */
export async function createFaultScenario(url: string, locationCount = 4): Promise<FaultScenario> {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  try {
    return await createFaultScenarioIn(database.db, locationCount);
  } finally {
    await database.close();
  }
}

export async function createFaultScenarioIn(db: Db, locationCount = 4): Promise<FaultScenario> {
  const vendor = await createVendor(db, { slug: FAULTS_VENDOR, name: "Fault Bank" });
  const locations = [];
  for (let i = 0; i < locationCount; i++) {
    locations.push(await createLocation(db, vendor.id, { name: `Fault Branch ${i + 1}` }));
  }
  const locationIds = locations.map((location) => location.id);
  const service = await createService(db, vendor.id, { locationIds, name: "Open an account" });
  for (const locationId of locationIds) await createStaffOnShift(db, vendor.id, locationId);
  const reason = await createQuestion(db, vendor.id, {
    type: "checkbox",
    label: "What brings you in?",
    required: true,
    options: [{ text: "Savings" }, { text: "Loans" }, { text: "Cards" }],
    serviceIds: [service.id],
  });
  const comment = await createQuestion(db, vendor.id, {
    type: "text",
    label: "Anything else?",
    sortOrder: 1,
  });
  return {
    vendorId: vendor.id,
    locationIds,
    serviceId: service.id,
    reasonQuestionId: reason.id,
    reasonOptionIds: reason.options.map((option) => option.id),
    commentQuestionId: comment.id,
  };
}

/** What visitor `index` sends, and so what the database must hold for them after a 201. */
export type VisitorJoin = {
  index: number;
  locationId: number;
  firstName: string;
  lastName: string;
  email: string;
  answers: { questionId: number; value: number[] | string }[];
  document: unknown;
};

export function visitorJoin(scenario: FaultScenario, run: string, index: number): VisitorJoin {
  const locationId = scenario.locationIds[index % scenario.locationIds.length]!;
  const firstName = `Visitor${index}`;
  const lastName = `Run${run}`;
  const email = `visitor-${index}-${run}@example.test`;
  const answers = [
    {
      questionId: scenario.reasonQuestionId,
      value: [scenario.reasonOptionIds[index % scenario.reasonOptionIds.length]!],
    },
    { questionId: scenario.commentQuestionId, value: `note ${index} of run ${run}` },
  ];
  return {
    index,
    locationId,
    firstName,
    lastName,
    email,
    answers,
    document: {
      data: {
        type: "queue-appointments",
        attributes: {
          location_id: String(locationId),
          service_id: String(scenario.serviceId),
          meeting_method: 1,
        },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: { first_name: firstName, last_name: lastName, email },
            },
          },
          answers: {
            data: answers.map((answer) => ({
              type: "answers",
              attributes: { question_id: String(answer.questionId), value: answer.value },
            })),
          },
        },
      },
    },
  };
}

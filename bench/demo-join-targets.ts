// For the join benchmark: the join documents a visitor could send right now on the demo data, found
// through the open API as the pages find them (locations, their services, the questions asked),
// each tried once so the benchmark only sends joins that succeed.
import type { Agent } from "node:http";
import { type HttpSession, openHttpSession } from "../test/contract/http-session.ts";

type LocationResource = {
  id: string;
  attributes: {
    supports_in_person: boolean;
    restrict_callback_request_hours: boolean;
    is_currently_open: boolean;
  };
};
type ServiceOption = { value: string; supportsWalkin: boolean };
type Question = {
  id: string;
  attributes: { type: string; required: boolean; options: { value: number }[] };
};

const JOIN_PATH = "/api/v2/open/queue-appointments";

function joinDocument(locationId: string, serviceId: string, questions: Question[]) {
  const answers = questions
    .filter((q) => q.attributes.required)
    .map((q) => ({
      type: "answers",
      attributes: {
        question_id: q.id,
        value:
          q.attributes.type === "checkbox"
            ? [q.attributes.options[0]!.value]
            : (q.attributes.options[0]?.value ?? "Opening an account"),
      },
    }));
  return {
    data: {
      type: "queue-appointments",
      attributes: {
        location_id: locationId,
        service_id: serviceId,
        explicit_compliance_agreement: true,
      },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: {
              first_name: "Bench",
              last_name: "Visitor",
              email: "bench.visitor@example.com",
              cell_phone: "+14165550199",
            },
          },
        },
        answers: { data: answers },
      },
    },
  };
}

export async function findDemoJoinTargets(
  baseUrl: string,
  host: string,
  agent: Agent,
): Promise<{ session: HttpSession; bodies: string[]; locationIds: number[] }> {
  const session = await openHttpSession(baseUrl, host, agent);
  const json = async (path: string) => JSON.parse((await session.get(path)).body);
  const locations: LocationResource[] = (await json("/api/v2/open/locations")).data;
  const bodies: string[] = [];
  const locationIds: number[] = [];
  for (const location of locations) {
    const open =
      !location.attributes.restrict_callback_request_hours || location.attributes.is_currently_open;
    if (!location.attributes.supports_in_person || !open) continue;
    const [services]: [ServiceOption[]] = (
      await json(`/api/v2/open/queue-appointments-services/${location.id}`)
    ).data;
    const service = services.find((s) => s.supportsWalkin);
    if (!service) continue;
    const questions: Question[] = (
      await json(`/api/v2/open/questions?filter[matching]=${service.value}`)
    ).data;
    const body = JSON.stringify(joinDocument(location.id, service.value, questions));
    const tried = await session.send("POST", JOIN_PATH, JSON.parse(body));
    if (tried.status !== 201) continue;
    bodies.push(body);
    locationIds.push(Number(location.id));
  }
  if (bodies.length === 0) throw new Error("no demo location takes joins right now");
  return { session, bodies, locationIds };
}

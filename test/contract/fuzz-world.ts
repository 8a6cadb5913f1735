// The data the open API fuzz runs against: the queue scenario, a browser session (CSRF cookie and
// token), visitors waiting and visits completed (so look-ups, cancels and feedback can succeed),
// another vendor's appointment, and valid bodies for every call that takes one.
import type { App } from "../../src/server/app.ts";
import type { Db } from "../../src/server/db/client.ts";
import { staffShifts } from "../../src/server/db/schema.ts";
import { changeQueueStatus } from "../../src/server/queue/change-queue-status.ts";
import { openApiClient } from "../factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  OTHER_VENDOR_HOST,
  VENDOR_HOST,
} from "../factories/queue-scenario.ts";

export type Appointment = { id: number; code: string };

const WAITING = 12;
const CANCELLABLE = 12;
const COMPLETED = 6;
const BOOKED = 8;

/** YYYY-MM-DD `days` after today (UTC). */
const isoDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function createFuzzWorld(app: App, db: Db) {
  const s = await createQueueScenario(db);
  const client = await openApiClient(app, VENDOR_HOST);
  const otherClient = await openApiClient(app, OTHER_VENDOR_HOST);

  const joins = {
    walkIn: joinDocument(s, {
      answers: [
        {
          question_id: String(s.questions.reason.id),
          value: s.questions.reason.options.map((o) => o.id),
        },
        { question_id: s.questions.comment.id, value: "Second floor, please" },
      ],
    }),
    curbside: joinDocument(s, {
      attributes: {
        service_id: s.services.both.id,
        fulfillment_method: 2,
        car_details: { make: "Ford", model: "Focus", colour: "Blue", parking_space: "7" },
        notes: "Parked by the door",
        mode: "kiosk_qr",
        lang: "fr",
        source: "google",
        utm_source: "newsletter",
        utm_campaign: "spring",
        workflow_id: "wf-1",
        explicit_compliance_agreement: true,
      },
      // Every field of the client relationship spec §3 lists.
      client: { notes: "Prefers French", email: null, lang: "fr", external_id: "crm-77" },
      answers: [],
    }),
    phoneCallback: joinDocument(s, {
      attributes: { meeting_method: 2, booked_through: "online_queue", fulfillment_method: null },
      client: { receive_sms: false },
    }),
  };

  const join = async (document: unknown, via = client) => {
    const res = await via.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: document as object,
    });
    if (res.statusCode !== 201) throw new Error(`setup join: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    return { id: Number(data.id), code: data.attributes.confirm_code as string };
  };

  // Places the PATCH fuzz may cancel, and places left waiting for the look-up and conversion fuzz.
  const waiting: Appointment[] = [];
  for (let i = 0; i < WAITING; i++) waiting.push(await join(Object.values(joins)[i % 3]));
  const cancellable: Appointment[] = [];
  for (let i = 0; i < CANCELLABLE; i++) cancellable.push(await join(Object.values(joins)[i % 3]));
  const completed: Appointment[] = [];
  for (let i = 0; i < COMPLETED; i++) {
    const visit = await join(joins.walkIn);
    for (const to of ["in_progress", "completed"] as const) {
      await changeQueueStatus({
        db,
        events: app.events,
        caches: app.caches,
        vendorId: s.vendor.id,
        queueAppointmentId: visit.id,
        to,
        actor: { kind: "staff", userId: s.staff.id },
      });
    }
    completed.push(visit);
  }
  const foreign = await join(
    {
      data: {
        type: "queue-appointments",
        attributes: { location_id: s.other.location.id, service_id: s.other.service.id },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: { first_name: "Other", last_name: "Vendor", email: "o@example.com" },
            },
          },
        },
      },
    },
    otherClient,
  );

  // Booked appointments for the look-up, calendar and change fuzz, and free slots for the booking
  // fuzz, from the location's real availability in the coming days: the teller works all week.
  await db.insert(staffShifts).values({
    vendorId: s.vendor.id,
    userId: s.staff.id,
    locationId: s.location.id,
    startsAt: new Date(Date.now() + 86_400_000),
    endsAt: new Date(Date.now() + 8 * 86_400_000),
  });
  const slotsRes = await client.request({
    url: `/api/v2/open/availability?service_id=${s.services.walkin.id}&location_id=${s.location.id}&from=${isoDate(1)}&to=${isoDate(9)}`,
  });
  if (slotsRes.statusCode !== 200)
    throw new Error(`setup availability: ${slotsRes.statusCode} ${slotsRes.body}`);
  const slots = (slotsRes.json().data as { attributes: { slots: { start: string }[] } }[]).flatMap(
    (day) => day.attributes.slots.map((slot) => slot.start),
  );
  const bookingOf = (start: string) => ({
    data: {
      type: "appointments",
      attributes: {
        location_id: String(s.location.id),
        service_id: String(s.services.walkin.id),
        start,
      },
      relationships: {
        client: {
          data: {
            type: "clients",
            attributes: { first_name: "Booked", last_name: "Visitor", email: "b@example.com" },
          },
        },
        answers: {
          data: [
            {
              type: "answers",
              attributes: {
                question_id: String(s.questions.reason.id),
                value: s.questions.reason.options.map((o) => o.id),
              },
            },
          ],
        },
      },
    },
  });
  const booked: Appointment[] = [];
  for (const start of slots.filter((_, index) => index % 7 === 0).slice(0, BOOKED)) {
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/appointments",
      payload: bookingOf(start),
    });
    if (res.statusCode !== 201) throw new Error(`setup booking: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    booked.push({ id: Number(data.id), code: data.attributes.confirm_code as string });
  }
  if (booked.length === 0) throw new Error("setup: the location has no free slot to book");

  // Ids of the request's vendor and the other vendor's ids standing in for them.
  const foreignFor = new Map<number, number>([
    [s.location.id, s.other.location.id],
    [s.privateLocation.id, s.other.location.id],
    [s.services.walkin.id, s.other.service.id],
    [s.services.both.id, s.other.service.id],
    [s.questions.reason.id, s.other.question.id],
    [s.questions.comment.id, s.other.question.id],
    ...[...waiting, ...cancellable, ...completed].map((a): [number, number] => [a.id, foreign.id]),
  ]);
  const freeSlots = slots.filter((_, index) => index % 7 !== 0);

  return {
    scenario: s,
    session: {
      csrfToken: client.csrfToken,
      cookie: client.cookie,
      otherCookie: otherClient.cookie,
    },
    joins,
    waiting,
    cancellable,
    completed,
    foreign,
    /** booked appointments (ids and confirm codes) and starts of slots still free when made */
    booked,
    freeSlots,
    bookingOf,
    locationIds: [s.location.id, s.privateLocation.id],
    serviceIds: Object.values(s.services).map((service) => service.id),
    foreignIds: [s.other.location.id, s.other.service.id, s.other.question.id, foreign.id],
    /** the other vendor's id for one of ours (as a string or a number, as given), else null */
    swapIds(value: unknown): unknown {
      const id = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof id !== "number") return null;
      const other = foreignFor.get(id);
      if (other === undefined) return null;
      return typeof value === "string" ? String(other) : other;
    },
  };
}

export type FuzzWorld = Awaited<ReturnType<typeof createFuzzWorld>>;

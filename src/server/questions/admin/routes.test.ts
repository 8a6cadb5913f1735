// The back office's questions API: the five types (choice types need options, text types take
// none), U+0000 refused, options renamed, reordered and removed (a removed option is archived, so
// a visitor's past answer still reads in the lobby), the services that ask a question, versions
// (409 with the current question), the audit record and `question.updated` event of each change,
// and an archived question gone from the open API and the join.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDeliveredEvents } from "../../../../test/factories/delivered-events.ts";
import { nextRemoteAddress, openApiClient } from "../../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../../test/factories/queue-scenario.ts";
import { createStaffUser, signInAs } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { ROLES } from "../../../shared/domain.ts";
import { auditLog, questionOptions } from "../../db/schema.ts";
import { type StaffClient, staffClient } from "../../lobby/lobby-test-world.ts";

const doc = (attributes: Record<string, unknown>) => ({ data: { type: "questions", attributes } });

const delivered = recordDeliveredEvents("test-question-admin-events", ["question.updated"]);
const eventsOf = (type: "question.updated", id: number) => delivered.of(type, id);

let t: Awaited<ReturnType<typeof buildTestApp>>;
let s: QueueScenario;
let admin: StaffClient;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  s = await createQueueScenario(t.db);
  const account = await createStaffUser(t.db, { vendorId: s.vendor.id, roleLevel: ROLES.admin });
  admin = await staffClient(t.app, account, VENDOR_HOST);
  const session = await signInAs(t.app, account, VENDOR_HOST);
  adminHeaders = { host: VENDOR_HOST, cookie: session.cookie, "x-csrf-token": session.csrfToken };
});
afterAll(() => t.close());

const openQuestions = async (serviceId: number) =>
  (
    await t.app.inject({
      url: `/api/v2/open/questions?filter[matching]=${serviceId}`,
      headers: { host: VENDOR_HOST },
      remoteAddress: nextRemoteAddress(),
    })
  ).json().data as {
    id: string;
    attributes: { label: string; options: { value: number; text: string }[] };
  }[];

async function join(serviceId: number, answers: { question_id: unknown; value: unknown }[]) {
  const client = await openApiClient(t.app, VENDOR_HOST);
  return client.request({
    method: "POST",
    url: "/api/v2/open/queue-appointments",
    payload: joinDocument(s, { attributes: { service_id: String(serviceId) }, answers }),
  });
}

const auditActions = async (id: number) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "question"), eq(auditLog.subjectId, id)))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

describe("questions", () => {
  it("lists the vendor's questions with options and services, never another vendor's", async () => {
    const response = await admin.get("/questions");
    expect(response.statusCode, response.body).toBe(200);
    const reason = response
      .json()
      .data.find((q: { id: string }) => q.id === String(s.questions.reason.id));
    expect(reason.attributes).toMatchObject({
      type: "checkbox",
      label: "What brings you in?",
      help_text: "Tick all that apply",
      required: true,
      service_ids: [String(s.services.walkin.id)],
      archived: false,
    });
    expect(reason.attributes.options.map((o: { text: string }) => o.text)).toEqual([
      "Savings",
      "Loans",
    ]);
    expect(
      response.json().data.some((q: { id: string }) => q.id === String(s.other.question.id)),
    ).toBe(false);
    expect((await admin.get(`/questions/${s.other.question.id}`)).statusCode).toBe(404);
  });

  it("refuses choice questions without options, text questions with options, and what cannot be stored", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "radio", label: "Pick one" }, "/data/attributes/options", "options_required"],
      [
        { type: "select", label: "Pick one", options: [] },
        "/data/attributes/options",
        "options_required",
      ],
      [
        { type: "text", label: "Say", options: [{ text: "A" }] },
        "/data/attributes/options",
        "options_not_allowed",
      ],
      [{ type: "text", label: "a\u0000" }, "/data/attributes/label", "invalid"],
      [
        { type: "radio", label: "Pick", options: [{ text: "\u0000" }] },
        "/data/attributes/options/0/text",
        "invalid",
      ],
      [{ type: "dropdown", label: "Pick" }, "/data/attributes/type", "invalid_value"],
      [
        { type: "text", label: "Say", service_ids: [String(s.other.service.id)] },
        "/data/attributes/service_ids/0",
        "service_unknown",
      ],
      [
        { type: "radio", label: "Pick", options: [{ id: "1", text: "A" }] },
        "/data/attributes/options/0/id",
        "option_unknown",
      ],
    ];
    for (const [attributes, pointer, code] of cases) {
      const response = await admin.post("/questions", doc(attributes));
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = response.json().errors[0];
      expect(error.source.pointer, JSON.stringify(attributes)).toBe(pointer);
      expect(error.code, JSON.stringify(attributes)).toBe(code);
    }
  });

  it("creates a question for a service: the visitor's form asks it there and the join checks it", async () => {
    const created = await admin.post(
      "/questions",
      doc({
        type: "radio",
        label: "How did you hear of us?",
        help_text: "One answer",
        required: true,
        options: [
          { text: "A friend", translations: [{ locale: "fr", field: "text", content: "Un ami" }] },
          { text: "The web" },
        ],
        service_ids: [String(s.services.both.id)],
        translations: [
          { locale: "fr", field: "label", content: "Comment nous avez-vous connus ?" },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const id = Number(created.json().data.id);
    const asked = (await openQuestions(s.services.both.id)).find((q) => q.id === String(id));
    expect(asked?.attributes.options.map((o) => o.text)).toEqual(["A friend", "The web"]);
    expect((await openQuestions(s.services.walkin.id)).some((q) => q.id === String(id))).toBe(
      false,
    );
    const missing = await join(s.services.both.id, []);
    expect(missing.statusCode).toBe(422);
    expect(await auditActions(id)).toEqual(["created"]);
    expect(await eventsOf("question.updated", id)).toHaveLength(1);
  });

  it("renames, reorders and removes options; a removed option is archived and past answers still read", async () => {
    const created = await admin.post(
      "/questions",
      doc({
        type: "select",
        label: "Branch visited before?",
        options: [{ text: "North" }, { text: "South" }, { text: "East" }],
        service_ids: [String(s.services.both.id)],
      }),
    );
    const id = Number(created.json().data.id);
    const [north, south, east] = created.json().data.attributes.options as { id: string }[];
    // A visitor answers "South" (the other new question is answered too).
    const others = (await openQuestions(s.services.both.id)).filter((q) => q.id !== String(id));
    const joined = await join(s.services.both.id, [
      { question_id: String(id), value: Number(south!.id) },
      ...others
        .filter((q) => q.attributes.options.length > 0)
        .map((q) => ({ question_id: q.id, value: q.attributes.options[0]!.value })),
    ]);
    expect(joined.statusCode, joined.body).toBe(201);

    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/questions/${id}`,
      headers: { ...adminHeaders, "if-match": '"1"' },
      payload: doc({
        options: [
          { id: east!.id, text: "East side" },
          { id: north!.id, text: "North" },
          { text: "West" },
        ],
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes.version).toBe(2);
    expect(saved.json().data.attributes.options.map((o: { text: string }) => o.text)).toEqual([
      "East side",
      "North",
      "West",
    ]);
    const [removed] = await t.db
      .select()
      .from(questionOptions)
      .where(eq(questionOptions.id, Number(south!.id)));
    expect(removed?.archivedAt).not.toBeNull();
    const asked = (await openQuestions(s.services.both.id)).find((q) => q.id === String(id));
    expect(asked?.attributes.options.map((o) => o.text)).toEqual(["East side", "North", "West"]);
    // Not offered to new visitors any more…
    const refused = await join(s.services.both.id, [
      { question_id: String(id), value: Number(south!.id) },
    ]);
    expect(refused.statusCode).toBe(422);
    // …but the lobby still reads the visitor's answer.
    const staff = await staffClient(
      t.app,
      await createStaffUser(t.db, {
        vendorId: s.vendor.id,
        roleLevel: ROLES.staff,
        locationIds: [s.location.id],
      }),
      VENDOR_HOST,
    );
    const lobby = await staff.get(`/locations/${s.location.id}/queue`);
    expect(lobby.statusCode, lobby.body).toBe(200);
    const entry = lobby.json().data.find((e: { id: string }) => e.id === joined.json().data.id);
    const answer = entry.attributes.answers.find(
      (a: { question_id: string }) => a.question_id === String(id),
    );
    expect(answer.text).toEqual(["South"]);

    // Its type no longer changes: the answers were given to a select.
    const retyped = await admin.patch(`/questions/${id}`, doc({ type: "text", options: [] }));
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().errors[0].code).toBe("type_locked");
    // A stale save changes nothing.
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/questions/${id}`,
      headers: { ...adminHeaders, "if-match": '"1"' },
      payload: doc({ label: "Old" }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.current.attributes.label).toBe("Branch visited before?");
    expect(await auditActions(id)).toEqual(["created", "updated"]);
  });

  it("archives a question: gone from the open API and no longer required by the join", async () => {
    const created = await admin.post(
      "/questions",
      doc({ type: "textarea", label: "Tell us more", required: true }),
    );
    const id = Number(created.json().data.id);
    expect((await openQuestions(s.services.walkin.id)).some((q) => q.id === String(id))).toBe(true);
    const archived = await admin.patch(`/questions/${id}`, doc({ archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await openQuestions(s.services.walkin.id)).some((q) => q.id === String(id))).toBe(
      false,
    );
    const joined = await join(s.services.walkin.id, [
      {
        question_id: String(s.questions.reason.id),
        value: [s.questions.reason.options[0]!.id],
      },
    ]);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(
      (await admin.get("/questions?archived=true")).json().data.map((q: { id: string }) => q.id),
    ).toContain(String(id));
    expect(await auditActions(id)).toEqual(["created", "archived"]);
  });
});

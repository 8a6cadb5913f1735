// The demo seed on a real database: what it creates, that it seeds once, and that reset rebuilds it.
import { and, count, eq, ne, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import { LOCALES, QUESTION_TYPES, ROLE_LEVELS } from "../../shared/domain.ts";
import { validateWeeklyHours } from "../../shared/opening-hours.ts";
import { vendorSettingsSchema } from "../../shared/vendor-settings.ts";
import type { Database } from "../db/client.ts";
import { harbourClinic } from "../db/demo/harbour-clinic.ts";
import { northwindBank } from "../db/demo/northwind-bank.ts";
import {
  appointments,
  locations,
  questionOptions,
  questions,
  queueAppointments,
  queueEvents,
  rooms,
  services,
  staffGroupMembers,
  staffGroups,
  staffShifts,
  ticketCounters,
  userLocations,
  users,
  vendorDomains,
  vendors,
} from "../db/schema.ts";
import { localDateAt } from "../scheduling/local-day.ts";
import { verifyPassword } from "../security/password-hash.ts";
import { checkPasswordStrength } from "../security/password-strength.ts";
import { resetDemoData, seedDemoData, seedDemoDataIfEmpty } from "./seed.ts";

const NOW = new Date("2025-03-12T15:30:00Z"); // a Wednesday afternoon in North America

describe("demo seed", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db, { now: NOW });
  });
  afterAll(() => database.close());

  async function vendorId(slug: string) {
    const [row] = await database.db.select().from(vendors).where(eq(vendors.slug, slug));
    return row!.id;
  }

  async function demoCounts() {
    const db = database.db;
    const tally = async (
      table: typeof vendors | typeof locations | typeof services | typeof users,
    ) => (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      vendors: await tally(vendors),
      locations: await tally(locations),
      services: await tally(services),
      users: await tally(users),
      waiting: (
        await db
          .select({ n: count() })
          .from(queueAppointments)
          .where(eq(queueAppointments.status, "waiting"))
      )[0]!.n,
    };
  }

  it("seeds Northwind Bank with valid settings and ≥5 branches in ≥2 countries and ≥3 time zones", async () => {
    const [demo] = await database.db.select().from(vendors).where(eq(vendors.slug, "demo"));
    expect(demo?.name).toBe("Northwind Bank");
    const settings = vendorSettingsSchema.parse(demo?.settings);
    expect(settings.client_view.available_languages).toEqual([...LOCALES]);
    expect(settings.client_view.walkin_questions).toBe(true);
    const branches = await database.db
      .select()
      .from(locations)
      .where(eq(locations.vendorId, demo!.id));
    expect(branches.length).toBeGreaterThanOrEqual(5);
    expect(new Set(branches.map((b) => b.country)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(branches.map((b) => b.timezone)).size).toBeGreaterThanOrEqual(3);
    expect(branches.filter((b) => b.visibility === "private")).toHaveLength(1);
    // The private branch's TV board link is ready; public boards need none.
    for (const branch of branches) {
      if (branch.visibility === "private") expect(branch.boardToken).toMatch(/^[\w-]{32}$/);
      else expect(branch.boardToken).toBeNull();
    }
    expect(branches.filter((b) => b.restrictCallbackRequestHours)).toHaveLength(1);
    expect(branches.filter((b) => !b.supportsVideo)).toHaveLength(1);
    expect(branches.some((b) => b.supportsCurbsidePickup)).toBe(true);
    for (const branch of branches) {
      expect(() => validateWeeklyHours(branch.hours)).not.toThrow();
      expect(branch.phone).toMatch(/^\+[1-9]\d{7,14}$/);
    }
  });

  it("names every service in all eight languages", async () => {
    const rows = await database.db
      .select()
      .from(services)
      .where(eq(services.vendorId, await vendorId("demo")));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const service of rows) {
      const named = service.translations.filter((t) => t.field === "name" && t.content.trim());
      expect(named.map((t) => t.locale).sort()).toEqual([...LOCALES].sort());
    }
    const cardPickup = rows.find((s) => s.name === "Card pickup");
    expect(cardPickup).toMatchObject({ supportsCurbsidePickup: true, supportsWalkin: false });
  });

  it("gives the demo bank staff groups with members and rooms at its branches", async () => {
    const demo = await vendorId("demo");
    const groups = await database.db
      .select()
      .from(staffGroups)
      .where(eq(staffGroups.vendorId, demo));
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const [members] = await database.db
      .select({ n: count() })
      .from(staffGroupMembers)
      .where(eq(staffGroupMembers.vendorId, demo));
    expect(members!.n).toBeGreaterThanOrEqual(groups.length);
    const branchRooms = await database.db.select().from(rooms).where(eq(rooms.vendorId, demo));
    expect(new Set(branchRooms.map((room) => room.locationId)).size).toBeGreaterThanOrEqual(2);
    for (const room of branchRooms) {
      expect(room.capacity).toBeGreaterThanOrEqual(1);
      expect(room.capacity).toBeLessThanOrEqual(500);
    }
  });

  it("has questions of all five types, translated with their options", async () => {
    const rows = await database.db
      .select()
      .from(questions)
      .where(eq(questions.vendorId, await vendorId("demo")));
    expect(new Set(rows.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    for (const question of rows) {
      const labelled = question.translations
        .filter((t) => t.field === "label")
        .map((t) => t.locale);
      expect(labelled.sort()).toEqual([...LOCALES].sort());
    }
    const [untranslatedOptions] = await database.db
      .select({ n: count() })
      .from(questionOptions)
      .where(sql`jsonb_array_length(${questionOptions.translations}) < ${LOCALES.length}`);
    expect(untranslatedOptions!.n).toBe(0);
  });

  it("gives every demo account a password the staff password rule accepts for that account", () => {
    for (const demo of [northwindBank, harbourClinic]) {
      for (const person of demo.staff) {
        const verdict = checkPasswordStrength(person.password, {
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          vendorName: demo.vendor.name,
        });
        expect(verdict, `${person.email}: ${person.password}`).toEqual({ ok: true });
      }
    }
  });

  it("gives one sign-in per role level, with argon2id hashes of the documented passwords", async () => {
    const staff = await database.db
      .select()
      .from(users)
      .where(eq(users.vendorId, await vendorId("demo")));
    const roles = new Set(staff.map((u) => u.roleLevel));
    for (const level of ROLE_LEVELS) expect(roles.has(level)).toBe(true);
    const admin = staff.find((u) => u.email === "admin@northwind.example");
    expect(admin?.roleLevel).toBe(30);
    expect(await verifyPassword(admin!.passwordHash, "keyring-summit-35")).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, "counter-willow-23")).toBe(false);
    const kiosk = staff.find((u) => u.roleLevel === 7)!;
    const kioskPlaces = await database.db
      .select()
      .from(userLocations)
      .where(eq(userLocations.userId, kiosk.id));
    expect(kioskPlaces).toHaveLength(1);
  });

  it("staffs every public branch with 2–3 people and gives it a live line and a history", async () => {
    const id = await vendorId("demo");
    const branches = await database.db
      .select()
      .from(locations)
      .where(and(eq(locations.vendorId, id), eq(locations.visibility, "public")));
    for (const branch of branches) {
      const team = await database.db
        .select({ role: users.roleLevel })
        .from(userLocations)
        .innerJoin(users, eq(users.id, userLocations.userId))
        .where(and(eq(userLocations.locationId, branch.id), sql`${users.roleLevel} >= 10`));
      expect(team.length).toBeGreaterThanOrEqual(2);
      expect(team.length).toBeLessThanOrEqual(3);
      const visits = await database.db
        .select()
        .from(queueAppointments)
        .where(eq(queueAppointments.locationId, branch.id));
      const waiting = visits.filter((v) => v.status === "waiting");
      expect(waiting.length).toBeGreaterThanOrEqual(2);
      expect(waiting.length).toBeLessThanOrEqual(5);
      expect(waiting.every((v) => v.queuedAt < NOW)).toBe(true);
      expect(visits.filter((v) => v.status === "in_progress" && v.userId !== null)).toHaveLength(1);
      const completed = visits.filter((v) => v.status === "completed");
      expect(completed.length).toBeGreaterThanOrEqual(18);
      for (const visit of completed) {
        expect(visit.startedAt!.getTime()).toBeGreaterThan(visit.queuedAt.getTime());
        expect(visit.endedAt!.getTime()).toBeGreaterThan(visit.startedAt!.getTime());
        expect(visit.endedAt!.getTime()).toBeLessThan(NOW.getTime());
        expect(visit.actualWaitSeconds).toBeGreaterThan(0);
        expect(visit.quotedWaitSeconds).not.toBeNull();
      }
    }
  });

  it("mixes meeting methods, has a curbside visitor with car details, and 16-character confirm codes", async () => {
    const waiting = await database.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.status, "waiting"));
    expect(new Set(waiting.map((v) => v.meetingMethod))).toEqual(new Set([1, 2, 3]));
    const curbside = waiting.find((v) => v.fulfillmentMethod === 2);
    expect(curbside?.carDetails).toMatchObject({
      make: expect.any(String),
      parking_space: expect.any(String),
    });
    const all = await database.db
      .select({ code: queueAppointments.confirmCode })
      .from(queueAppointments);
    for (const { code } of all) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it("gives every visit a ticket numbered by arrival per location, day and prefix, and counters to go on from", async () => {
    const visits = await database.db
      .select({
        locationId: queueAppointments.locationId,
        ticket: queueAppointments.ticket,
        queuedAt: queueAppointments.queuedAt,
      })
      .from(queueAppointments)
      .orderBy(queueAppointments.queuedAt);
    for (const { ticket } of visits) expect(ticket).toMatch(/^[A-Z]{1,3}-\d{3,}$/);
    // Within a location, a ticket is never handed out twice on the same local day.
    const counters = await database.db.select().from(ticketCounters);
    const numbered = new Set(
      counters.flatMap((c) =>
        Array.from(
          { length: c.lastNumber },
          (_, i) => `${c.locationId}|${c.localDate}|${c.prefix}-${String(i + 1).padStart(3, "0")}`,
        ),
      ),
    );
    expect(numbered.size).toBe(visits.length);
    const [first] = visits;
    expect(first?.ticket).toMatch(/-001$/);
  });

  it("records each finished visit's status changes and seeds exactly one break", async () => {
    const [events] = await database.db
      .select({ n: count() })
      .from(queueEvents)
      .innerJoin(queueAppointments, eq(queueAppointments.id, queueEvents.queueAppointmentId))
      .where(and(eq(queueAppointments.status, "completed"), eq(queueEvents.toStatus, "completed")));
    const [completed] = await database.db
      .select({ n: count() })
      .from(queueAppointments)
      .where(eq(queueAppointments.status, "completed"));
    expect(events!.n).toBe(completed!.n);
    const types = await database.db.selectDistinct({ type: queueEvents.type }).from(queueEvents);
    expect(types.map((t) => t.type).sort()).toEqual([
      "cancelled",
      "completed",
      "joined",
      "no_show",
      "started",
    ]);
    const shifts = await database.db.select().from(staffShifts);
    expect(shifts).toHaveLength(1);
    expect(shifts[0]?.kind).toBe("break");
  });

  it("books appointments for returning clients over the week from tomorrow, never today", async () => {
    const rows = await database.db
      .select({
        vendorId: appointments.vendorId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        userId: appointments.userId,
        clientId: appointments.clientId,
        timezone: locations.timezone,
        visibility: locations.visibility,
      })
      .from(appointments)
      .innerJoin(locations, eq(locations.id, appointments.locationId));
    for (const slug of ["demo", "harbour"]) {
      const id = await vendorId(slug);
      expect(rows.filter((row) => row.vendorId === id).length, slug).toBeGreaterThan(20);
    }
    for (const row of rows) {
      const tomorrow = localDateAt(new Date(NOW.getTime() + 86_400_000), row.timezone);
      expect(localDateAt(row.startsAt, row.timezone) >= tomorrow).toBe(true);
      expect(row.startsAt.getTime() - NOW.getTime()).toBeLessThan(9 * 86_400_000);
      expect(row.visibility).toBe("public");
      expect(row.userId).not.toBeNull();
    }
    // each one's client has visited the branch's line before (the demo's returning clients)
    const visited = new Set(
      (await database.db.select({ id: queueAppointments.clientId }).from(queueAppointments)).map(
        (row) => row.id,
      ),
    );
    expect(rows.every((row) => row.clientId !== null && visited.has(row.clientId))).toBe(true);
  });

  it("seeds Harbour Clinic apart, on harbour.localhost", async () => {
    const [domain] = await database.db
      .select()
      .from(vendorDomains)
      .where(eq(vendorDomains.host, "harbour.localhost"));
    const harbour = await vendorId("harbour");
    expect(domain?.vendorId).toBe(harbour);
    const branches = await database.db
      .select()
      .from(locations)
      .where(eq(locations.vendorId, harbour));
    expect(branches).toHaveLength(2);
    const staff = await database.db.select().from(users).where(eq(users.vendorId, harbour));
    expect(staff.map((u) => u.email).sort()).toEqual([
      "admin@harbourclinic.example",
      "staff@harbourclinic.example",
    ]);
    // No queue place of one vendor points at another vendor's location or service.
    const [crossed] = await database.db
      .select({ n: count() })
      .from(queueAppointments)
      .innerJoin(locations, eq(locations.id, queueAppointments.locationId))
      .innerJoin(services, eq(services.id, queueAppointments.serviceId))
      .where(
        or(
          ne(locations.vendorId, queueAppointments.vendorId),
          ne(services.vendorId, queueAppointments.vendorId),
        ),
      );
    expect(crossed!.n).toBe(0);
  });

  it("leaves a seeded database alone when asked to seed if empty", async () => {
    const before = await demoCounts();
    expect(await seedDemoDataIfEmpty(database.db)).toBe(false);
    expect(await demoCounts()).toEqual(before);
  });

  it("rebuilds the same demo from scratch on reset, with identities restarted", async () => {
    const before = await demoCounts();
    await resetDemoData(database.db);
    expect(await demoCounts()).toEqual(before);
    const [first] = await database.db.select().from(vendors).where(eq(vendors.slug, "demo"));
    expect(first?.id).toBe(1);
  });

  it("seeds once when two processes find the database empty at the same moment", async () => {
    const before = await demoCounts();
    // Every table references vendors, so this empties the database as a first start finds it.
    await database.db.execute(sql`truncate table vendors restart identity cascade`);
    // On PostgreSQL the pool runs these on two connections at once; without the advisory lock
    // the second would fail on the vendors' unique slug.
    const results = await Promise.all([
      seedDemoDataIfEmpty(database.db),
      seedDemoDataIfEmpty(database.db),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(await demoCounts()).toEqual(before);
  });
});

// The load generator's ledger of join attempts, and the check that the database keeps every
// acknowledged one (with the client and answers it was sent with) and nothing half-written.
import pg from "pg";
import type { VisitorJoin } from "./fault-scenario.ts";
import { appointmentOf, type JoinOutcome } from "./open-api-http.ts";

export type JoinAttempt = { visitor: VisitorJoin; key: string; node: string; outcome: JoinOutcome };

export function acknowledged(attempt: JoinAttempt): { id: number; confirmCode: string } | null {
  return attempt.outcome.ok && attempt.outcome.status === 201
    ? appointmentOf(attempt.outcome)
    : null;
}

export type LedgerCheck = {
  /** 201 answers received */
  acknowledged: number;
  /** of those, found in the database exactly as sent */
  found: number;
  /** what differs, one line per acknowledged join that is missing or altered */
  problems: string[];
  /** appointments of the vendor without their client, answers, joined event or idempotency key, and clients without an appointment */
  halfWritten: number;
  /** visitors (one idempotency key each) with more than one appointment */
  duplicates: number;
  /** appointments of the vendor in the database */
  rows: number;
};

type Row = {
  id: number;
  location_id: number;
  confirm_code: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  answers: { question_id: number; value: unknown }[] | null;
  joined_events: number;
  keys: string[] | null;
};

/** Runs one SQL statement: PostgreSQL through pg, or the embedded database through PGlite. */
export type SqlQuery = <T>(text: string, params: unknown[]) => Promise<{ rows: T[] }>;

/** Checks the ledger against the PostgreSQL database at `url`. */
export async function checkLedgerOnPostgres(
  url: string,
  vendorId: number,
  attempts: JoinAttempt[],
): Promise<LedgerCheck> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await checkLedger(
      (text, params) => client.query(text, params) as Promise<{ rows: never[] }>,
      vendorId,
      attempts,
    );
  } finally {
    await client.end();
  }
}

/** Reads the vendor's appointments in one query and checks the ledger against them. */
export async function checkLedger(
  query: SqlQuery,
  vendorId: number,
  attempts: JoinAttempt[],
): Promise<LedgerCheck> {
  const { rows } = await query<Row>(
    `select qa.id, qa.location_id, qa.confirm_code, c.first_name, c.last_name, c.email,
       (select json_agg(json_build_object('question_id', a.question_id, 'value', a.value)) from answers a
         where a.queue_appointment_id = qa.id) as answers,
       (select count(*)::int from queue_events e where e.queue_appointment_id = qa.id and e.type = 'joined') as joined_events,
       (select array_agg(k.key) from idempotency_keys k where k.queue_appointment_id = qa.id) as keys
     from queue_appointments qa left join clients c on c.id = qa.client_id
     where qa.vendor_id = $1`,
    [vendorId],
  );
  const orphanClients = await query<{ count: number }>(
    `select count(*)::int as count from clients c where c.vendor_id = $1
       and not exists (select 1 from queue_appointments qa where qa.client_id = c.id)`,
    [vendorId],
  );

  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: string[] = [];
  let count = 0;
  let found = 0;
  for (const attempt of attempts) {
    const appointment = acknowledged(attempt);
    if (!appointment) continue;
    count++;
    const row = byId.get(appointment.id);
    const label = `visitor ${attempt.visitor.index} (201 from ${attempt.node}, appointment ${appointment.id})`;
    if (!row) {
      problems.push(`${label}: not in the database`);
      continue;
    }
    const differences = differencesFrom(attempt, appointment.confirmCode, row);
    if (differences.length > 0) problems.push(`${label}: ${differences.join("; ")}`);
    else found++;
  }

  let halfWritten = orphanClients.rows[0]!.count;
  for (const row of rows) {
    if (
      row.first_name === null ||
      (row.answers?.length ?? 0) !== 2 ||
      row.joined_events !== 1 ||
      (row.keys?.length ?? 0) !== 1
    ) {
      halfWritten++;
    }
  }
  const perVisitor = new Map<string, number>();
  for (const row of rows)
    perVisitor.set(row.email ?? "", (perVisitor.get(row.email ?? "") ?? 0) + 1);
  const duplicates = [...perVisitor.values()].filter((n) => n > 1).length;
  return { acknowledged: count, found, problems, halfWritten, duplicates, rows: rows.length };
}

function differencesFrom(attempt: JoinAttempt, confirmCode: string, row: Row): string[] {
  const { visitor, key } = attempt;
  const differences: string[] = [];
  if (row.confirm_code !== confirmCode) differences.push("confirm code differs");
  if (row.location_id !== visitor.locationId)
    differences.push(`location ${row.location_id} ≠ ${visitor.locationId}`);
  if (
    row.first_name !== visitor.firstName ||
    row.last_name !== visitor.lastName ||
    row.email !== visitor.email
  ) {
    differences.push(
      `client ${row.first_name} ${row.last_name} <${row.email}> ≠ ${visitor.firstName} ${visitor.lastName} <${visitor.email}>`,
    );
  }
  const stored = new Map(
    (row.answers ?? []).map((answer) => [answer.question_id, JSON.stringify(answer.value)]),
  );
  for (const answer of visitor.answers) {
    if (stored.get(answer.questionId) !== JSON.stringify(answer.value))
      differences.push(`answer to question ${answer.questionId} differs`);
  }
  if (stored.size !== visitor.answers.length)
    differences.push(`${stored.size} answers stored, ${visitor.answers.length} sent`);
  if (row.joined_events !== 1) differences.push(`${row.joined_events} joined events`);
  if (!(row.keys ?? []).includes(key)) differences.push("idempotency key not recorded");
  return differences;
}

/** The appointment each of `keys` holds in the database, for the keys that hold one. */
export async function appointmentsByKey(
  url: string,
  vendorId: number,
  keys: string[],
): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; id: number }>(
      "select key, queue_appointment_id as id from idempotency_keys where vendor_id = $1 and key = any($2)",
      [vendorId, keys],
    );
    return new Map(rows.map((row) => [row.key, row.id]));
  } finally {
    await client.end();
  }
}

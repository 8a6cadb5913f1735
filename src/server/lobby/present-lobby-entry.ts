// Turns a queue appointment and its related rows into the lobby's view of a visitor: who they are,
// what they came for, their answers in words, and how long they have waited and will wait.

import type { LobbyEntry } from "../../shared/contracts/lobby-entry.ts";
import type { Locale } from "../../shared/domain.ts";
import { displayPhoneNumber } from "../../shared/queue/phone-number.ts";
import { translated } from "../../shared/translations.ts";
import type { answers, clients, services } from "../db/schema.ts";
import type { QuestionWithOptions } from "../questions/load-questions.ts";
import type { QueueAppointmentRow } from "../queue/apply-queue-status-change.ts";
import { presentVisitorCall } from "../queue/present-visitor-call.ts";

export type LobbyEntryRow = {
  appointment: QueueAppointmentRow;
  client: typeof clients.$inferSelect;
  service: Pick<typeof services.$inferSelect, "id" | "name" | "translations">;
  user: { id: number; firstName: string; lastName: string } | null;
  answers: (typeof answers.$inferSelect)[];
  /** 1-based place among the waiting; null unless waiting */
  position: number | null;
};

export type PresentContext = {
  locale: Locale;
  /** the location's country, to write phone numbers as people there read them */
  country: string;
  questions: ReadonlyMap<number, QuestionWithOptions>;
  now: Date;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

export function presentLobbyEntry(entry: LobbyEntryRow, context: PresentContext): LobbyEntry {
  const { appointment: row, client, service, user } = entry;
  const { locale, now } = context;
  const waiting = row.status === "waiting";
  return {
    type: "queue-appointments",
    id: String(row.id),
    attributes: {
      status: row.status,
      position: waiting ? entry.position : null,
      ticket: row.ticket,
      location_id: String(row.locationId),
      service: {
        id: String(service.id),
        name: translated(service.translations, "name", locale, service.name),
      },
      meeting_method: row.meetingMethod,
      fulfillment_method: row.fulfillmentMethod,
      car_details: row.carDetails
        ? {
            make: row.carDetails.make,
            model: row.carDetails.model,
            colour: row.carDetails.colour,
            parking_space: row.carDetails.parking_space ?? null,
          }
        : null,
      notes: row.notes,
      booked_through: row.bookedThrough,
      client: {
        id: String(client.id),
        first_name: client.firstName,
        last_name: client.lastName,
        email: client.email,
        cell_phone: client.cellPhone,
        cell_phone_formatted: client.cellPhone
          ? displayPhoneNumber(client.cellPhone, context.country)
          : null,
        notes: client.notes,
        lang: client.lang,
        receive_sms: client.receiveSms,
      },
      answers: entry.answers.flatMap((answer) => {
        const question = context.questions.get(answer.questionId);
        if (!question) return [];
        return [
          {
            question_id: String(question.id),
            type: question.type,
            label: translated(question.translations, "label", locale, question.label),
            value: answer.value,
            text: answerText(question, answer.value, locale),
          },
        ];
      }),
      queued_at: row.queuedAt.toISOString(),
      arrived_at: iso(row.arrivedAt),
      called_at: iso(row.calledAt),
      call: presentVisitorCall(row),
      started_at: iso(row.startedAt),
      ended_at: iso(row.endedAt),
      waited_seconds: waitedSeconds(row, now),
      quoted_wait_seconds: row.quotedWaitSeconds,
      expected_start: waiting ? iso(row.expectedStart) : null,
      wait_seconds: waiting && row.expectedStart ? seconds(now, row.expectedStart) : null,
      meeting_link: row.meetingLink,
      dial_in: row.dialIn
        ? {
            e164: row.dialIn.e164,
            international: row.dialIn.international,
            pin: row.dialIn.pin ?? null,
          }
        : null,
      user: user
        ? { id: String(user.id), full_name: `${user.firstName} ${user.lastName}`.trim() }
        : null,
    },
  };
}

/** Until now while waiting; until the meeting started once started; until the end otherwise. */
function waitedSeconds(row: QueueAppointmentRow, now: Date): number {
  if (row.status === "waiting") return seconds(row.queuedAt, now);
  if (row.actualWaitSeconds !== null) return row.actualWaitSeconds;
  return seconds(row.queuedAt, row.endedAt ?? now);
}

/** The answer in words: what was typed, or the (translated) texts of the options chosen. */
function answerText(
  question: QuestionWithOptions,
  value: string | number | number[],
  locale: Locale,
): string[] {
  if (typeof value === "string") return [value];
  const chosen = Array.isArray(value) ? value : [value];
  return chosen.map((id) => {
    const option = question.options.find((o) => o.id === id);
    return option ? translated(option.translations, "text", locale, option.text) : String(id);
  });
}

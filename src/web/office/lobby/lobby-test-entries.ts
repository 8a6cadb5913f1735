// Test data of the lobby (used by its tests only): visitors and a queue document in the shape of
// GET /api/internal/v1/locations/{id}/queue (src/shared/contracts/lobby-entry.ts).

import { lobbyCounts } from "../../../shared/lobby/lobby-counts.ts";
import type { LobbyEntry, LobbyQueueDocument } from "../../api/office/location-queue.ts";

type EntryOptions = {
  id: string;
  status?: LobbyEntry["attributes"]["status"];
  position?: number | null;
  firstName?: string;
  lastName?: string;
  service?: { id: string; name: string };
  meetingMethod?: number;
  user?: { id: string; full_name: string } | null;
  queuedAt?: string;
  startedAt?: string | null;
  quotedWaitSeconds?: number | null;
  notes?: string | null;
  carDetails?: LobbyEntry["attributes"]["car_details"];
  meetingLink?: string | null;
  ticket?: string | null;
  call?: LobbyEntry["attributes"]["call"];
};

export const NOW = "2026-03-02T10:00:00.000Z";
export const ACCOUNTS = { id: "11", name: "Open an account" };
export const DEPOSITS = { id: "12", name: "Cash deposit" };

export function lobbyEntry(options: EntryOptions): LobbyEntry {
  const status = options.status ?? "waiting";
  return {
    type: "queue-appointments",
    id: options.id,
    attributes: {
      status,
      position: status === "waiting" ? (options.position ?? 1) : null,
      ticket: options.ticket === undefined ? "A-001" : options.ticket,
      location_id: "5",
      service: options.service ?? ACCOUNTS,
      meeting_method: options.meetingMethod ?? 1,
      fulfillment_method: options.carDetails ? 2 : 1,
      car_details: options.carDetails ?? null,
      notes: options.notes ?? null,
      booked_through: "online_queue",
      client: {
        id: `c${options.id}`,
        first_name: options.firstName ?? "Ada",
        last_name: options.lastName ?? `Visitor${options.id}`,
        email: "ada@example.com",
        cell_phone: "+48601234567",
        cell_phone_formatted: "601 234 567",
        notes: null,
        lang: "en",
        receive_sms: true,
      },
      answers: [
        {
          question_id: "3",
          type: "radio",
          label: "Are you an existing customer?",
          value: 7,
          text: ["Yes"],
        },
      ],
      queued_at: options.queuedAt ?? "2026-03-02T09:48:00.000Z",
      arrived_at: null,
      called_at: options.call?.at ?? options.startedAt ?? null,
      call: options.call ?? null,
      started_at: options.startedAt ?? null,
      ended_at: null,
      waited_seconds: 720,
      quoted_wait_seconds: options.quotedWaitSeconds ?? null,
      expected_start: null,
      wait_seconds: null,
      meeting_link: options.meetingLink ?? null,
      dial_in: null,
      user: options.user ?? null,
    },
  };
}

export function queueDocument(entries: LobbyEntry[]): LobbyQueueDocument {
  return {
    data: entries,
    meta: {
      location: { id: "5", name: "Warszawa — Złota", timezone: "Europe/Warsaw" },
      counts: lobbyCounts(entries),
      wait_estimate: { seconds: 25 * 60, expected_start: "2026-03-02T10:25:00.000Z" },
      services: [ACCOUNTS, DEPOSITS],
      generated_at: NOW,
    },
  };
}

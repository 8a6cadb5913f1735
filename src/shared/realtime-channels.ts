// The realtime contract shared by server and web (spec §7): channel names and event names, spoken
// over socket.io the way laravel-echo's socket.io connector expects; payloads in contracts/realtime.ts.

export const REALTIME_PATH = "/socket.io";

/** Events the server emits as (eventName, channel, data); names are bare, so Echo needs `namespace: false`. */
export const REALTIME_EVENTS = {
  /** public location channel and staff location channel: the location's wait-time list */
  waitTimeRecalculated: "WaitTimeRecalculated",
  /** public appointment channel: what the confirmation page shows live */
  queueAppointmentUpdated: "ManageQueueAppointmentUpdated",
  /** staff location channel: the whole queue-appointment resource after any change */
  queueAppointmentChanged: "QueueAppointmentChanged",
  /** staff location channel: a visit's messages changed; its id only, the lobby refetches them */
  queueAppointmentMessagesChanged: "QueueAppointmentMessagesChanged",
  /** staff location channel: a booked appointment changed; AppointmentChangedPayload (contracts/schedule.ts), the schedule and lobby refetch */
  appointmentChanged: "AppointmentChanged",
  /** public location channel: the vendor's settings changed; data is {}, the board re-reads itself */
  boardSettingsChanged: "BoardSettingsChanged",
  /** the server accepted a subscribe; data is {} */
  subscriptionSucceeded: "subscription_succeeded",
  /** the server refused (or ended) a subscription; data is a SubscriptionError */
  subscriptionError: "subscription_error",
} as const;

export const realtimeChannels = {
  locationPublic: (locationId: number | string) => `App.Models.Location.${locationId}.public`,
  queueAppointmentPublic: (id: number | string) => `App.Models.QueueAppointment.${id}.public`,
  /** the full name, as Echo's `private("App.Models.Location.{id}")` subscribes to it */
  locationStaff: (locationId: number | string) => `private-App.Models.Location.${locationId}`,
};

export type ParsedChannel =
  | { kind: "location-public"; locationId: number }
  | { kind: "queue-appointment-public"; queueAppointmentId: number }
  | { kind: "location-staff"; locationId: number };

// Ids are positive database integers; leading zeros are refused so one resource has one name.
const ID = "([1-9][0-9]{0,9})";
const patterns: [RegExp, (id: number) => ParsedChannel][] = [
  [
    new RegExp(`^App\\.Models\\.Location\\.${ID}\\.public$`),
    (locationId) => ({ kind: "location-public", locationId }),
  ],
  [
    new RegExp(`^App\\.Models\\.QueueAppointment\\.${ID}\\.public$`),
    (queueAppointmentId) => ({ kind: "queue-appointment-public", queueAppointmentId }),
  ],
  [
    new RegExp(`^private-App\\.Models\\.Location\\.${ID}$`),
    (locationId) => ({ kind: "location-staff", locationId }),
  ],
];

const MAX_DATABASE_ID = 2_147_483_647;

/** The channel a name denotes, or null for a name the server does not serve. */
export function parseChannel(name: string): ParsedChannel | null {
  for (const [pattern, build] of patterns) {
    const match = pattern.exec(name);
    if (!match) continue;
    const id = Number(match[1]);
    return id <= MAX_DATABASE_ID ? build(id) : null;
  }
  return null;
}

/** Why a subscription was refused or ended; `message` is in the connection's language. */
export type SubscriptionError = { status: number; code: string; message: string };

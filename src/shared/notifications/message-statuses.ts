// What becomes of a message (its `status`) and which way it went (`direction`), as the message log
// filters and shows them. No zod here: the web's pages import these lists as values.

export const MESSAGE_STATUSES = [
  "queued",
  "held",
  "sending",
  "sent",
  "delivered",
  "failed",
  "suppressed",
  "received",
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_DIRECTIONS = ["outbound", "inbound"] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

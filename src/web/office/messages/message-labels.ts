// The catalog ids of a message's kind, status, channel and direction, shared by the message log and
// the lobby's visitor details. A kind this page does not know yet shows under its own name.

import {
  MESSAGE_KIND_NAMES,
  type MessageChannel,
} from "../../../shared/notifications/message-kinds.ts";
import type {
  MessageDirection,
  MessageStatus,
} from "../../../shared/notifications/message-statuses.ts";

const KNOWN_KINDS = new Set<string>([...MESSAGE_KIND_NAMES, "reply"]);

/** The catalog id of a kind's name, or null for a kind without one (shown as it is). */
export function kindMessageId(kind: string): string | null {
  return KNOWN_KINDS.has(kind) ? `MessageLog.kind_${kind}` : null;
}

export const statusMessageId = (status: MessageStatus) => `MessageLog.status_${status}`;
export const channelMessageId = (channel: MessageChannel) => `MessageLog.channel_${channel}`;
export const directionMessageId = (direction: MessageDirection) =>
  `MessageLog.direction_${direction}`;

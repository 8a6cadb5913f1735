// Every kind, status, channel and direction of a message has a name in the catalogs.
import { describe, expect, it } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import {
  MESSAGE_CHANNELS,
  MESSAGE_KIND_NAMES,
} from "../../../shared/notifications/message-kinds.ts";
import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
} from "../../../shared/notifications/message-statuses.ts";
import {
  channelMessageId,
  directionMessageId,
  kindMessageId,
  statusMessageId,
} from "./message-labels.ts";

describe("message labels", () => {
  it("name every kind, status, channel and direction in the catalogs", () => {
    const catalog = en as Record<string, string>;
    for (const kind of [...MESSAGE_KIND_NAMES, "reply"])
      expect(catalog[kindMessageId(kind)!], kind).toBeTruthy();
    for (const status of MESSAGE_STATUSES) expect(catalog[statusMessageId(status)]).toBeTruthy();
    for (const channel of MESSAGE_CHANNELS) expect(catalog[channelMessageId(channel)]).toBeTruthy();
    for (const direction of MESSAGE_DIRECTIONS)
      expect(catalog[directionMessageId(direction)]).toBeTruthy();
  });

  it("leave a kind they do not know to be shown as it is", () => {
    expect(kindMessageId("carrier_pigeon")).toBeNull();
  });
});

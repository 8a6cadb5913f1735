import { describe, expect, it } from "vitest";
import { parseChannel, realtimeChannels } from "./realtime-channels.ts";

describe("realtime channel names", () => {
  it("parses the names it builds", () => {
    expect(parseChannel(realtimeChannels.locationPublic(12))).toEqual({
      kind: "location-public",
      locationId: 12,
    });
    expect(parseChannel(realtimeChannels.queueAppointmentPublic(34))).toEqual({
      kind: "queue-appointment-public",
      queueAppointmentId: 34,
    });
    expect(parseChannel(realtimeChannels.locationStaff(56))).toEqual({
      kind: "location-staff",
      locationId: 56,
    });
  });

  it("uses the names of spec §7 and of Echo's private()", () => {
    expect(realtimeChannels.locationPublic(1)).toBe("App.Models.Location.1.public");
    expect(realtimeChannels.queueAppointmentPublic(2)).toBe("App.Models.QueueAppointment.2.public");
    expect(realtimeChannels.locationStaff(3)).toBe("private-App.Models.Location.3");
  });

  it("refuses other names, leading zeros and ids beyond the database's range", () => {
    for (const name of [
      "App.Models.Location.01.public",
      "App.Models.Location.0.public",
      "App.Models.Location.2147483648.public",
      "App.Models.Location.1.public.extra",
      "presence-App.Models.Location.1",
      "private-App.Models.QueueAppointment.1",
      "App.Models.Location..public",
      "App.Models.Location.1",
    ]) {
      expect(parseChannel(name), name).toBeNull();
    }
    expect(parseChannel("App.Models.Location.2147483647.public")).not.toBeNull();
  });
});

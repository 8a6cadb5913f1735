// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  clearKioskSelection,
  readKioskSelection,
  saveKioskSelection,
} from "./kiosk-selection-state.ts";

describe("the kiosk's stored selection", () => {
  beforeEach(() => sessionStorage.clear());

  it("is empty at first", () => {
    expect(readKioskSelection()).toEqual({ locationId: null, meetingMethod: null });
  });

  it("keeps the location and the chosen method across reads", () => {
    saveKioskSelection({ locationId: "4" });
    saveKioskSelection({ meetingMethod: "phone" });
    expect(readKioskSelection()).toEqual({ locationId: "4", meetingMethod: "phone" });
  });

  it("forgets the method when the location changes", () => {
    saveKioskSelection({ locationId: "4", meetingMethod: "phone" });
    saveKioskSelection({ locationId: "5" });
    expect(readKioskSelection()).toEqual({ locationId: "5", meetingMethod: null });
  });

  it("is cleared by a reset", () => {
    saveKioskSelection({ locationId: "4", meetingMethod: "in_person" });
    clearKioskSelection();
    expect(readKioskSelection()).toEqual({ locationId: null, meetingMethod: null });
  });

  it("reads damaged storage as empty", () => {
    sessionStorage.setItem("nextline.kiosk.selection", "{not json");
    expect(readKioskSelection()).toEqual({ locationId: null, meetingMethod: null });
  });
});

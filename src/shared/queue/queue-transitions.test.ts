import { describe, expect, it } from "vitest";
import { QUEUE_STATUSES } from "../domain.ts";
import { canTransition, eventTypeFor, QUEUE_TRANSITIONS } from "./queue-transitions.ts";

describe("queue transitions", () => {
  it("allows staff exactly the seven documented changes", () => {
    const allowed = QUEUE_STATUSES.flatMap((from) =>
      QUEUE_STATUSES.filter((to) => canTransition(from, to, "staff")).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "waiting>in_progress",
        "waiting>cancelled",
        "waiting>no_show",
        "in_progress>completed",
        "in_progress>waiting",
        "in_progress>cancelled",
        "in_progress>no_show",
      ].sort(),
    );
  });

  it("lets a visitor only cancel, and only from waiting or in progress", () => {
    const allowed = QUEUE_STATUSES.flatMap((from) =>
      QUEUE_STATUSES.filter((to) => canTransition(from, to, "visitor")).map(
        (to) => `${from}>${to}`,
      ),
    );
    expect(allowed.sort()).toEqual(["in_progress>cancelled", "waiting>cancelled"]);
  });

  it("never leaves a final status", () => {
    for (const from of ["completed", "cancelled", "no_show"] as const) {
      expect(QUEUE_TRANSITIONS[from]).toEqual([]);
    }
  });

  it("names the event of each change", () => {
    expect(eventTypeFor("waiting", "in_progress")).toBe("started");
    expect(eventTypeFor("in_progress", "waiting")).toBe("returned");
    expect(eventTypeFor("in_progress", "completed")).toBe("completed");
    expect(eventTypeFor("waiting", "no_show")).toBe("no_show");
    expect(eventTypeFor("in_progress", "cancelled")).toBe("cancelled");
  });
});

// An action's answer shows in the lobby at once: the visitor replaced or added, dropped once the
// visit has ended, and the counts kept right.
import { describe, expect, it } from "vitest";
import { lobbyEntry, queueDocument } from "../../office/lobby/lobby-test-entries.ts";
import { withLobbyEntry } from "./lobby-cache.ts";

describe("withLobbyEntry", () => {
  const waiting = lobbyEntry({ id: "1" });
  const other = lobbyEntry({ id: "2", position: 2 });
  const document = queueDocument([waiting, other]);

  it("replaces the visitor and recounts", () => {
    const started = lobbyEntry({ id: "1", status: "in_progress" });
    const next = withLobbyEntry(document, started)!;
    expect(next.data.find((e) => e.id === "1")?.attributes.status).toBe("in_progress");
    expect(next.meta.counts).toEqual({ waiting: 1, called: 0, in_progress: 1 });
  });

  it("drops a visitor whose visit has ended", () => {
    const next = withLobbyEntry(document, lobbyEntry({ id: "2", status: "cancelled" }))!;
    expect(next.data.map((e) => e.id)).toEqual(["1"]);
    expect(next.meta.counts).toEqual({ waiting: 1, called: 0, in_progress: 0 });
  });

  it("adds a new visitor, and leaves an unloaded line alone", () => {
    expect(withLobbyEntry(document, lobbyEntry({ id: "3" }))!.data).toHaveLength(3);
    expect(withLobbyEntry(undefined, waiting)).toBeUndefined();
  });
});

// @vitest-environment jsdom
// What the lobby board says: who is served at which desk (or by whom), who is next and how many
// more, the current wait in the §4 wording, and that it is reconnecting when the server is away.
import { cleanup, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import { playChime } from "../../ui/chime.ts";
import type { LocationBoard } from "./location-board.ts";
import { TvBoard } from "./tv-board.tsx";

// The chime is Web Audio, which jsdom lacks: what is checked is whether the board asks for it.
vi.mock("../../ui/chime.ts", () => ({ CALL_TONES: [], playChime: vi.fn(), unlockChime: vi.fn() }));

const messages = en as Record<string, string>;
const NOW = new Date("2026-03-11T15:00:00Z");

type Serving = LocationBoard["now_serving"][number];

function serving(overrides: Partial<Serving>): Serving {
  return {
    visitor: "Ada L.",
    ticket: null,
    state: "serving",
    desk: null,
    staff: null,
    since: NOW.toISOString(),
    last_called_at: null,
    ...overrides,
  };
}

function called(visitor: string, desk: string | null, at: Date = NOW): Serving {
  return serving({
    visitor,
    state: "called",
    desk,
    staff: "Sam T.",
    since: at.toISOString(),
    last_called_at: at.toISOString(),
  });
}

function board(overrides: Partial<LocationBoard> = {}): LocationBoard {
  return {
    location_name: "Toronto — First Canadian Place",
    timezone: "America/Toronto",
    now_serving: [
      serving({ visitor: "Ada L.", ticket: "A-041", desk: "Desk 1", staff: "Sam T." }),
      // A place made before tickets shows its name alone.
      serving({ visitor: "Alan T.", ticket: null, desk: null, staff: "Morgan R." }),
    ],
    next_up: [
      { visitor: "Grace H.", ticket: "A-042", position: 1 },
      { visitor: "Edsger D.", ticket: "B-007", position: 2 },
    ],
    waiting_count: 5,
    wait_time: 1_500,
    expected_start: new Date(NOW.getTime() + 25 * 60_000).toISOString(),
    generated_at: NOW.toISOString(),
    chime: true,
    ...overrides,
  };
}

const boardElement = (value: LocationBoard, reconnecting = false) => (
  <IntlProvider locale="en" messages={messages}>
    <TvBoard board={value} reconnecting={reconnecting} />
  </IntlProvider>
);

function renderBoard(value: LocationBoard, reconnecting = false) {
  return render(boardElement(value, reconnecting));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(playChime).mockClear();
});

describe("TvBoard", () => {
  it("shows each visitor served with their ticket and desk, or the staff member when there is no desk", () => {
    renderBoard(board());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Toronto — First Canadian Place",
    );
    const serving = within(screen.getByRole("region", { name: messages["Tv.now_serving"] }));
    const rows = serving.getAllByRole("listitem").map((row) => row.textContent);
    expect(rows).toEqual(["A-041Ada L.Desk 1", "Alan T.with Morgan R."]);
  });

  it("lists the next visitors in order with their tickets and counts the others", () => {
    renderBoard(board());
    const next = within(screen.getByRole("region", { name: messages["Tv.next_up"] }));
    expect(next.getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      "1A-042Grace H.",
      "2B-007Edsger D.",
    ]);
    expect(next.getByText("and 3 more waiting")).toBeTruthy();
    expect(screen.getByText("5 people waiting")).toBeTruthy();
  });

  it("gives the current wait in the wait-time wording, and no wait when nobody can be estimated", () => {
    renderBoard(board());
    expect(screen.getByText(messages["Tv.current_wait"]!).parentElement?.textContent).toContain(
      "25 minutes",
    );
    cleanup();
    renderBoard(
      board({
        expected_start: null,
        wait_time: null,
        now_serving: [],
        next_up: [],
        waiting_count: 0,
      }),
    );
    expect(screen.getByText(messages["Tv.wait_none"]!)).toBeTruthy();
    // Never "the next visitor will be called shortly" beside "nobody is waiting".
    expect(screen.queryByText(messages["Tv.nobody_serving"]!)).toBeNull();
    expect(screen.getByText(messages["Tv.nobody_serving_empty"]!)).toBeTruthy();
    expect(screen.getByText(messages["Tv.nobody_waiting"]!)).toBeTruthy();
    cleanup();
    renderBoard(board({ now_serving: [], waiting_count: 5 }));
    expect(screen.getByText(messages["Tv.nobody_serving"]!)).toBeTruthy();
  });

  it("shows a called visitor with their desk, and announces each new call and recall once", () => {
    const view = renderBoard(board({ now_serving: [called("Grace H.", "Desk 2")] }));
    const serving = within(screen.getByRole("region", { name: messages["Tv.now_serving"] }));
    expect(serving.getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      `Grace H.${messages["Tv.called_label"]} Desk 2`,
    ]);
    // What was on the board when it opened is not news.
    const announcement = () => document.querySelector('[aria-live="assertive"]')?.textContent;
    expect(announcement()).toBe("");
    const later = new Date(NOW.getTime() + 60_000);
    view.rerender(
      boardElement(
        board({
          now_serving: [called("Edsger D.", "Desk 4", later), called("Grace H.", "Desk 2")],
        }),
      ),
    );
    expect(announcement()).toBe("Edsger D., please go to Desk 4");
    const recall = new Date(NOW.getTime() + 120_000);
    view.rerender(
      boardElement(
        board({
          now_serving: [called("Grace H.", null, recall), called("Edsger D.", "Desk 4", later)],
        }),
      ),
    );
    expect(announcement()).toBe(
      messages["Tv.call_announcement_no_desk"]!.replace("{name}", "Grace H."),
    );
    // A ticket is read out before the name: it is what the room listens for.
    const third = new Date(NOW.getTime() + 180_000);
    view.rerender(
      boardElement(
        board({
          now_serving: [
            { ...called("Alan T.", "Desk 5", third), ticket: "B-007" },
            called("Grace H.", null, recall),
          ],
        }),
      ),
    );
    expect(announcement()).toBe("B-007 Alan T., please go to Desk 5");
    // A board that shows tickets only names nobody, on screen or aloud.
    const fourth = new Date(NOW.getTime() + 240_000);
    view.rerender(
      boardElement(
        board({
          now_serving: [
            { ...called("", "Desk 6", fourth), visitor: null, ticket: "C-011" },
            { ...called("Alan T.", "Desk 5", third), ticket: "B-007" },
          ],
          next_up: [{ visitor: null, ticket: "C-012", position: 1 }],
        }),
      ),
    );
    expect(announcement()).toBe("C-011, please go to Desk 6");
    expect(serving.getAllByRole("listitem")[0]!.textContent).toBe(
      `C-011${messages["Tv.called_label"]} Desk 6`,
    );
    const next = within(screen.getByRole("region", { name: messages["Tv.next_up"] }));
    expect(next.getAllByRole("listitem").map((row) => row.textContent)).toEqual(["1C-012"]);
  });

  it("chimes with a new call only while the vendor's board setting wants the chime", () => {
    const later = new Date(NOW.getTime() + 60_000);
    const first = board({ now_serving: [called("Grace H.", "Desk 2")] });
    const withCall = (chime: boolean, at: Date) =>
      board({
        chime,
        now_serving: [called("Edsger D.", "Desk 4", at), called("Grace H.", "Desk 2")],
      });
    const view = renderBoard(first);
    view.rerender(boardElement(withCall(true, later)));
    expect(playChime).toHaveBeenCalledTimes(1);
    // The setting turned off: the next call is read out, but silently.
    const recall = new Date(NOW.getTime() + 120_000);
    view.rerender(boardElement(withCall(false, recall)));
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(
      "Edsger D., please go to Desk 4",
    );
    expect(playChime).toHaveBeenCalledTimes(1);
  });

  it("shows the clock at the location and says when it is reconnecting", () => {
    renderBoard(board(), true);
    // 15:00 UTC is 11:00 in Toronto in March (daylight time).
    expect(screen.getByText("11:00 AM")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(messages["Tv.reconnecting"]);
  });
});

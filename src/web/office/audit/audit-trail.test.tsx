// @vitest-environment jsdom
// An object's history as a manager reads it: newest first, what happened, by whom or
// automatically, each changed attribute in words with the page's labels, and older pages on demand
// with focus on the first entry they add; a failed load says so and offers a retry.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry, AuditLogDocument } from "../../api/office/audit-log.ts";
import { json, renderOffice, stubServer, t } from "../office-test-harness.tsx";
import { AuditTrail, MAX_LISTED_CHANGES } from "./audit-trail.tsx";
import { formatAuditValue } from "./audit-value.ts";

const NOW = new Date("2026-11-26T12:00:00.000Z");
const LOG = "GET /api/internal/v1/audit-log";

function entry(id: string, attributes: Partial<AuditEntry["attributes"]> = {}): AuditEntry {
  return {
    type: "audit-entries",
    id,
    attributes: {
      subject_type: "location",
      subject_id: "3",
      action: "updated",
      actor: { id: "12", full_name: "Ana Costa" },
      before: { name: "Main St", physical: true },
      after: { name: "Main Street", physical: false },
      changed: ["name", "physical"],
      created_at: "2026-11-26T11:55:00.000Z",
      ...attributes,
    },
  };
}

const page = (data: AuditEntry[], next: string | null = null): AuditLogDocument => ({
  data,
  meta: { next_cursor: next },
});

const labels: Record<string, string> = { name: "Name", physical: "Physical branch" };

function show() {
  return renderOffice(
    <AuditTrail
      subjectType="location"
      subjectId="3"
      now={NOW}
      labelOf={(attribute) => labels[attribute]}
    />,
    { at: "/locations/3", path: "/locations/3" },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AuditTrail", () => {
  it("lists changes newest first with who, when and each change in words", async () => {
    const calls = stubServer({
      [LOG]: () =>
        json(
          200,
          page([
            entry("9"),
            entry("8", { action: "created", actor: null, before: null, changed: ["name"] }),
          ]),
        ),
    });
    show();
    await screen.findByText("Name changed from Main St to Main Street");
    const list = screen.getAllByRole("list")[0] as HTMLElement;
    const items = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toMatch(/^Changed by Ana Costa 5 minutes ago/);
    expect(
      within(items[0] as HTMLElement).getByText("Name changed from Main St to Main Street"),
    ).toBeTruthy();
    expect(
      within(items[0] as HTMLElement).getByText("Physical branch changed from Yes to No"),
    ).toBeTruthy();
    // A creation lists no changes; the system's own change says so.
    expect(items[1]?.textContent).toMatch(/^Created automatically/);
    expect(within(items[1] as HTMLElement).queryByRole("list")).toBeNull();
    expect(calls[0]?.path).toBe("/api/internal/v1/audit-log");
    const asked = new URL(String(vi.mocked(fetch).mock.calls[0]?.[0]), "http://localhost");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      subject_type: "location",
      subject_id: "3",
      limit: "20",
    });
  });

  it("counts the changes beyond the listed ones", async () => {
    const many = Array.from({ length: MAX_LISTED_CHANGES + 3 }, (_, i) => `field_${i}`);
    stubServer({ [LOG]: () => json(200, page([entry("9", { changed: many })])) });
    show();
    expect(await screen.findByText("and 3 more changes")).toBeTruthy();
  });

  it("says when nothing was recorded yet", async () => {
    stubServer({ [LOG]: () => json(200, page([])) });
    show();
    expect(await screen.findByText(t("Audit.empty"))).toBeTruthy();
  });

  it("loads older changes with the cursor and focuses the first one added", async () => {
    stubServer({
      [LOG]: (call) => {
        void call;
        const url = new URL(String(vi.mocked(fetch).mock.calls.at(-1)?.[0]), "http://localhost");
        return url.searchParams.get("before") === "9"
          ? json(200, page([entry("7", { action: "archived" })]))
          : json(200, page([entry("9")], "9"));
      },
    });
    show();
    await userEvent.click(await screen.findByRole("button", { name: t("Audit.show_older") }));
    const added = await screen.findByText(t("Audit.action_archived"));
    await waitFor(() => expect(document.activeElement).toBe(added.closest("li")));
    expect(screen.queryByRole("button", { name: t("Audit.show_older") })).toBeNull();
  });

  it("reports a failed load and retries", async () => {
    let fail = true;
    stubServer({
      [LOG]: () =>
        fail ? json(500, { errors: [{ status: "500" }] }) : json(200, page([entry("9")])),
    });
    show();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(t("Audit.load_failed"));
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: t("Audit.retry") }));
    expect(await screen.findByText("Name changed from Main St to Main Street")).toBeTruthy();
  });
});

describe("formatAuditValue", () => {
  const words = { yes: "Yes", no: "No", empty: "(empty)" };
  it("words yes/no and empty, joins lists, cuts long text", () => {
    expect(formatAuditValue(null, words)).toBe("(empty)");
    expect(formatAuditValue("", words)).toBe("(empty)");
    expect(formatAuditValue([], words)).toBe("(empty)");
    expect(formatAuditValue(false, words)).toBe("No");
    expect(formatAuditValue(["a", 2], words)).toBe("a, 2");
    expect(formatAuditValue({ open: "09:00" }, words)).toBe('{"open":"09:00"}');
    expect(formatAuditValue("x".repeat(200), words)).toHaveLength(120);
  });
});

// @vitest-environment jsdom
// The CSV import page: a file is checked first (dry_run), the report says what would change, and
// the import button appears only when no row has a problem; problems are listed by row and column
// in words; a 422 at import time (someone changed the data since) shows the new problems; a file
// the server cannot read says why beside the field; the staff page asks about invitations.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CsvImportReport } from "../../../shared/contracts/csv-import.ts";
import {
  json,
  renderOffice,
  type StubCall,
  staffMe,
  stubServer,
  t,
} from "../office-test-harness.tsx";
import { CsvImportPage } from "./csv-import-page.tsx";

const IMPORT = "POST /api/internal/v1/imports/locations";
const admin = () => staffMe("admin");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (over: Partial<CsvImportReport> = {}): CsvImportReport => ({
  rows: 3,
  created: 2,
  updated: 1,
  unchanged: 0,
  problem_count: 0,
  problems: [],
  applied: false,
  ...over,
});
const doc = (r: CsvImportReport) => ({ data: { type: "csv-imports", attributes: r } });

function file(text: string, name = "branches.csv") {
  return new File([text], name, { type: "text/csv" });
}

function render(kind: "locations" | "staff" = "locations") {
  renderOffice(<CsvImportPage kind={kind} />, {
    at: `/${kind}/import`,
    path: `/${kind}/import`,
    me: admin(),
  });
}

function bodyOf(call: StubCall | undefined): Record<string, unknown> {
  if (!call) throw new Error("no such call");
  return (call.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

describe("the locations import page", () => {
  it("checks the file, shows what would change, then imports it all", async () => {
    const calls = stubServer({
      [IMPORT]: (call) =>
        bodyOf(call).dry_run ? json(200, doc(report())) : json(200, doc(report({ applied: true }))),
    });
    render();
    expect(
      await screen.findByRole("heading", { level: 1, name: t("Office.import.locations.title") }),
    ).toBeTruthy();
    expect(
      screen
        .getByRole("link", { name: t("Office.import.locations.download") })
        .getAttribute("href"),
    ).toBe("/api/internal/v1/exports/locations.csv");
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(t("Office.import.file")), file("name\nQuay\n"));
    await user.click(screen.getByRole("button", { name: t("Office.import.check") }));
    expect(await screen.findByText("3 rows: 2 new, 1 changed, 0 unchanged.")).toBeTruthy();
    expect(bodyOf(calls[0])).toEqual({ csv: "name\nQuay\n", dry_run: true });
    await user.click(screen.getByRole("button", { name: "Import 3 changes" }));
    const status = await screen.findByRole("status");
    expect(within(status).getByText("2 new and 1 changed.")).toBeTruthy();
    expect(bodyOf(calls[1])).toEqual({ csv: "name\nQuay\n", dry_run: false });
  });

  it("lists every problem by row and column in words, and offers no import", async () => {
    stubServer({
      [IMPORT]: () =>
        json(
          200,
          doc(
            report({
              problem_count: 2,
              problems: [
                { row: 2, column: "name", message_id: "Errors.required" },
                {
                  row: 4,
                  column: "monday",
                  message_id: "Office.import.error.hours",
                  values: { value: "9 to 5" },
                },
              ],
            }),
          ),
        ),
    });
    render();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(t("Office.import.file")), file("x"));
    await user.click(screen.getByRole("button", { name: t("Office.import.check") }));
    const table = await screen.findByRole("table", { name: t("Office.import.problems_caption") });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["2", "name", t("Errors.required")],
      [
        "4",
        "monday",
        "Write the hours as 09:00-17:00, several periods as 09:00-12:00 13:00-17:00, each closing after it opens and apart from the others, or closed (not “9 to 5”).",
      ],
    ]);
    expect(screen.queryByRole("button", { name: /^Import/ })).toBeNull();
  });

  it("shows the new problems when the data changed between the check and the import", async () => {
    stubServer({
      [IMPORT]: (call) =>
        bodyOf(call).dry_run
          ? json(200, doc(report()))
          : json(422, {
              errors: [
                { status: "422", code: "csv_rows_invalid", detail: "1 problem in the file" },
              ],
              meta: {
                report: report({
                  problem_count: 1,
                  problems: [
                    {
                      row: 3,
                      column: "external_id",
                      message_id: "Office.locations.error.external_id_taken",
                    },
                  ],
                }),
              },
            }),
    });
    render();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(t("Office.import.file")), file("x"));
    await user.click(screen.getByRole("button", { name: t("Office.import.check") }));
    await user.click(await screen.findByRole("button", { name: "Import 3 changes" }));
    const table = await screen.findByRole("table");
    expect(within(table).getByText(t("Office.locations.error.external_id_taken"))).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says beside the field what is wrong with a file the server cannot read", async () => {
    stubServer({
      [IMPORT]: () =>
        json(422, {
          errors: [
            {
              status: "422",
              code: "csv_unreadable",
              detail: "The file has a column “colour” that this import does not know.",
              source: { pointer: "/data/attributes/csv" },
            },
          ],
        }),
    });
    render();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: t("Office.import.check") }));
    expect((await screen.findByRole("alert")).textContent).toBe(t("Office.import.error.no_file"));
    const input = screen.getByLabelText(t("Office.import.file"));
    await user.upload(input, file("colour\nred\n"));
    await user.click(screen.getByRole("button", { name: t("Office.import.check") }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "The file has a column “colour” that this import does not know.",
      ),
    );
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("on the staff page, asks whether to email invitations and sends the answer", async () => {
    const calls = stubServer({
      "POST /api/internal/v1/imports/staff": (call) =>
        json(200, doc(report({ applied: !bodyOf(call).dry_run }))),
    });
    render("staff");
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(t("Office.import.file")), file("email\na@b.example\n"));
    await user.click(screen.getByRole("button", { name: t("Office.import.check") }));
    const invite = await screen.findByRole("checkbox", { name: t("Office.import.staff.invite") });
    expect((invite as HTMLInputElement).checked).toBe(true);
    await user.click(invite);
    await user.click(screen.getByRole("button", { name: "Import 3 changes" }));
    await screen.findByRole("status");
    expect(bodyOf(calls[1])).toMatchObject({ dry_run: false, invite: false });
  });
});

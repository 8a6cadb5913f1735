// @vitest-environment jsdom
// The back office's table: a caption names it, the name column gives row headers, a sortable column
// is a button in its header that asks for the next order, and aria-sort says the current one.
import { cleanup, render, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable, type DataTableColumn } from "./data-table.tsx";

type Branch = { id: string; name: string; city: string; region: string };
const branches: Branch[] = [
  { id: "1", name: "Harbour", city: "Halifax", region: "Atlantic" },
  { id: "2", name: "Quay", city: "Dartmouth", region: "Atlantic" },
];
const columns: DataTableColumn<Branch>[] = [
  {
    id: "name",
    header: "Name",
    meta: { rowHeader: true, sortKey: "name" },
    cell: ({ row }) => row.original.name,
  },
  { id: "city", header: "City", meta: { sortKey: "city" }, cell: ({ row }) => row.original.city },
  { id: "region", header: "Region", cell: ({ row }) => row.original.region },
];

afterEach(cleanup);

function renderTable(sort: string, onChange = vi.fn()) {
  render(
    <DataTable
      caption="2 branches"
      columns={columns}
      rows={branches}
      rowId={(branch) => branch.id}
      sort={{ value: sort, onChange }}
    />,
  );
  return onChange;
}

describe("DataTable", () => {
  it("names the table by its caption and each row by its name cell", () => {
    renderTable("name");
    const table = screen.getByRole("table", { name: "2 branches" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole("rowheader").textContent).toBe("Harbour");
    // Each cell carries its column's name for the card layout, hidden from assistive technology.
    const city = within(rows[1]!).getAllByRole("cell")[0]!;
    expect(city.textContent).toBe("CityHalifax");
    expect(city.querySelector("[aria-hidden='true']")?.textContent).toBe("City");
  });

  it("says the current order and asks for the next one from a sortable header", async () => {
    const onChange = renderTable("name");
    const [name, city, region] = screen.getAllByRole("columnheader");
    expect(name!.getAttribute("aria-sort")).toBe("ascending");
    expect(city!.getAttribute("aria-sort")).toBeNull();
    expect(within(region!).queryByRole("button")).toBeNull();

    await userEvent.click(within(name!).getByRole("button", { name: /Name/ }));
    expect(onChange).toHaveBeenLastCalledWith("-name");
    await userEvent.click(within(city!).getByRole("button", { name: /City/ }));
    expect(onChange).toHaveBeenLastCalledWith("city");
  });

  it("turns a descending column back to ascending", async () => {
    const onChange = renderTable("-city");
    const city = screen.getAllByRole("columnheader")[1]!;
    expect(city.getAttribute("aria-sort")).toBe("descending");
    await userEvent.click(within(city).getByRole("button"));
    expect(onChange).toHaveBeenLastCalledWith("city");
  });
});

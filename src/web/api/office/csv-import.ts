// Bulk onboarding (docs/admin-import.md): POST /api/internal/v1/imports/{kind} checks or imports a
// CSV file; a 422 csv_rows_invalid carries the report in meta.report. The export is a plain link.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CsvImportDocument,
  CsvImportKind,
  CsvImportReport,
} from "../../../shared/contracts/csv-import.ts";
import { paths } from "../../office/office-paths.ts";
import { ApiError } from "../client.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { CsvImportKind, CsvImportReport };

export type CsvImportInput = { csv: string; dryRun: boolean; invite?: boolean };

/** The report of a 422 csv_rows_invalid: the rows were not written, and why. */
export function rejectedReport(error: unknown): CsvImportReport | null {
  if (!(error instanceof ApiError) || error.errors[0]?.code !== "csv_rows_invalid") return null;
  const report = error.meta?.report;
  return typeof report === "object" && report !== null ? (report as CsvImportReport) : null;
}

export function useCsvImport(kind: CsvImportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ csv, dryRun, invite }: CsvImportInput) =>
      (
        await officeApi.post<CsvImportDocument>(paths.api.internal.csvImport(kind), {
          data: {
            type: "csv-imports",
            attributes: { csv, dry_run: dryRun, ...(invite === undefined ? {} : { invite }) },
          },
        })
      ).data.attributes,
    onSuccess: (report) => {
      // Every list of the back office may show what the import changed.
      if (report.applied) void client.invalidateQueries({ queryKey: [OFFICE_QUERY_ROOT] });
    },
  });
}

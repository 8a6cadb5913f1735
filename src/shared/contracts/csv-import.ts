// Bulk onboarding by CSV (docs/admin-import.md): POST /api/internal/v1/imports/{kind} takes the
// file's text and either checks it (dry_run true: a report of what would change and every
// problem, row by row) or applies it, all or nothing (dry_run false: 200 with the report when
// every row is valid, else 422 `csv_rows_invalid` with the same report in `meta` and nothing
// changed). GET /api/internal/v1/exports/{kind}.csv writes the file the import reads back.
import { z } from "zod";

/** Kinds of file: the path segment of the import and export endpoints. */
export const CSV_IMPORT_KINDS = ["locations", "staff"] as const;
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number];

/** 5,000 staff with a few locations each fit easily; a file beyond this is refused unread. */
export const CSV_MAX_CHARACTERS = 8 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
/** The report lists at most this many problems (the count says how many there are). */
export const CSV_MAX_LISTED_PROBLEMS = 500;

export const CSV_MESSAGES = {
  unreadable: "Office.import.error.unreadable",
  invalidCharacter: "Office.import.error.invalid_character",
  empty: "Office.import.error.empty",
  tooManyRows: "Office.import.error.too_many_rows",
  tooBig: "Office.import.error.too_big",
  unknownColumn: "Office.import.error.unknown_column",
  missingColumn: "Office.import.error.missing_column",
  repeatedColumn: "Office.import.error.repeated_column",
  boolean: "Office.import.error.boolean",
  number: "Office.import.error.number",
  hours: "Office.import.error.hours",
  repeatedKey: "Office.import.error.repeated_key",
  unknownId: "Office.import.error.unknown_id",
  unknownLocation: "Office.import.error.unknown_location",
  rowsInvalid: "Office.import.error.rows_invalid",
} as const;

export const csvImportRequestSchema = z
  .object({
    data: z
      .object({
        type: z.literal("csv-imports"),
        attributes: z
          .object({
            csv: z
              .string("Errors.invalid_value")
              .max(CSV_MAX_CHARACTERS, CSV_MESSAGES.tooBig)
              .describe("the file's text, UTF-8; a first row of column names"),
            dry_run: z
              .boolean("Errors.invalid_value")
              .describe("true: check and report only; false: apply every row or none"),
            invite: z
              .boolean("Errors.invalid_value")
              .optional()
              .describe("staff only: email each new staff member an invitation (default true)"),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type CsvImportRequest = z.input<typeof csvImportRequestSchema>;

export const csvProblemSchema = z.object({
  row: z.number().int().describe("the spreadsheet row: 1 is the header, 2 the first record"),
  column: z.string().nullable().describe("the column's name, or null for the whole row"),
  message_id: z.string().describe("message id in the catalogs"),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CsvProblem = z.output<typeof csvProblemSchema>;

export const csvImportReportSchema = z.object({
  rows: z.number().int().describe("records read, the header not counted"),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problem_count: z.number().int(),
  problems: z.array(csvProblemSchema).describe("the first 500 problems, in row order"),
  applied: z.boolean().describe("whether the rows were written (dry_run false, no problems)"),
});
export type CsvImportReport = z.output<typeof csvImportReportSchema>;

export const csvImportDocumentSchema = z.object({
  data: z.object({
    type: z.literal("csv-imports"),
    attributes: csvImportReportSchema,
  }),
});
export type CsvImportDocument = z.output<typeof csvImportDocumentSchema>;

// Reading and writing the CSV files of bulk onboarding (src/shared/contracts/csv-import.ts).
// Parsing is csv-parse's (RFC 4180: quoted cells, commas and line breaks inside quotes, a UTF-8
// byte order mark); this module adds what every import shares: the header checked against the
// known columns, spreadsheet row numbers, cells read as booleans and numbers with a problem per
// bad cell, and on export a guard against spreadsheet formula injection.
import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import {
  CSV_MAX_LISTED_PROBLEMS,
  CSV_MAX_ROWS,
  CSV_MESSAGES,
  type CsvImportReport,
  type CsvProblem,
} from "../../shared/contracts/csv-import.ts";
import { isStorableText } from "../../shared/queue/storable-text.ts";
import { AppError } from "../http/app-error.ts";

export type CsvRecord = {
  /** the spreadsheet row: the header is 1, the first record 2 */
  row: number;
  /** the cells of the columns the header names, trimmed */
  cells: Map<string, string>;
};

export type CsvFile = { columns: string[]; records: CsvRecord[] };

function fileError(messageId: string, values?: Record<string, string | number>): AppError {
  return new AppError("unprocessable", {
    code: "csv_unreadable",
    messageId,
    ...(values ? { values } : {}),
    pointer: "/data/attributes/csv",
  });
}

/**
 * Reads `text` whose first row names its columns. Every name must be one of `known` (case and
 * surrounding spaces ignored), none twice, and every one of `required` present; otherwise, or
 * when the text is not CSV, a 422 names what is wrong. Rows whose cells are all empty are skipped.
 */
export function readCsv(
  text: string,
  known: readonly string[],
  required: readonly string[] = [],
): CsvFile {
  // U+0000 and lone surrogates cannot be stored (nor are they text): a file holding one is not
  // the file its owner meant, and no cell of it is checked further.
  if (!isStorableText(text)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find U+0000
    const bad = text.search(/\u0000|[\ud800-\udfff]/u);
    const line = text.slice(0, Math.max(0, bad)).split(/\r\n|\n|\r/).length;
    throw fileError(CSV_MESSAGES.invalidCharacter, { line });
  }
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      throw fileError(CSV_MESSAGES.unreadable, { line: Number(error.lines ?? 0) || 1 });
    throw error;
  }
  const [header, ...body] = rows;
  if (!header || header.every((cell) => cell.trim() === "")) throw fileError(CSV_MESSAGES.empty);
  if (body.length > CSV_MAX_ROWS) throw fileError(CSV_MESSAGES.tooManyRows, { max: CSV_MAX_ROWS });
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const seen = new Set<string>();
  for (const column of columns) {
    if (!known.includes(column)) throw fileError(CSV_MESSAGES.unknownColumn, { column });
    if (seen.has(column)) throw fileError(CSV_MESSAGES.repeatedColumn, { column });
    seen.add(column);
  }
  for (const column of required)
    if (!seen.has(column)) throw fileError(CSV_MESSAGES.missingColumn, { column });
  const records: CsvRecord[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    const map = new Map<string, string>();
    columns.forEach((column, i) => {
      map.set(column, unguard((cells[i] ?? "").trim()));
    });
    records.push({ row: index + 2, cells: map });
  });
  return { columns, records };
}

/** Collects the problems of an import in row order. */
export class CsvProblems {
  readonly list: CsvProblem[] = [];
  /** the file's columns, in its order, which the report keeps within a row */
  private readonly columns: readonly string[];

  // A plain field, not a parameter property: Node runs the server's TypeScript by stripping the
  // types, and a parameter property is not erasable syntax.
  constructor(columns: readonly string[] = []) {
    this.columns = columns;
  }

  add(
    row: number,
    column: string | null,
    messageId: string,
    values?: Record<string, string | number>,
  ) {
    this.list.push({ row, column, message_id: messageId, ...(values ? { values } : {}) });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  /** The report's problems by row, then column as the file has them; the first 500. */
  listed(): CsvProblem[] {
    const position = (column: string | null) =>
      column === null ? -1 : this.columns.indexOf(column);
    return [...this.list]
      .sort((a, b) => a.row - b.row || position(a.column) - position(b.column))
      .slice(0, CSV_MAX_LISTED_PROBLEMS);
  }
}

const TRUE = new Set(["true", "yes", "y", "1", "x"]);
const FALSE = new Set(["false", "no", "n", "0"]);

/** A yes/no cell: true/false, yes/no, 1/0 (any case). Empty: undefined. */
export function readBoolean(
  record: CsvRecord,
  column: string,
  problems: CsvProblems,
): boolean | undefined {
  const cell = record.cells.get(column);
  if (cell === undefined || cell === "") return undefined;
  const lower = cell.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  problems.add(record.row, column, CSV_MESSAGES.boolean);
  return undefined;
}

/** A number cell ("43.65", "-79.38"; a decimal comma too). Empty: undefined. */
export function readNumber(
  record: CsvRecord,
  column: string,
  problems: CsvProblems,
): number | undefined {
  const cell = record.cells.get(column);
  if (cell === undefined || cell === "") return undefined;
  const normalised = /^-?\d+,\d+$/.test(cell) ? cell.replace(",", ".") : cell;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised)) {
    problems.add(record.row, column, CSV_MESSAGES.number);
    return undefined;
  }
  return Number(normalised);
}

/** The cells a spreadsheet would run as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a signed number is data, not a formula: written as it is. */
const PLAIN_NUMBER = /^[+-]?[\d .()-]+$/;

/**
 * OWASP's guard against CSV injection: a text cell that a spreadsheet would evaluate gets a
 * leading apostrophe. `unguard` takes it off again on import, so an export reads back unchanged.
 */
function guard(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

function unguard(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export type CsvCell = string | number | boolean | null | undefined;

/**
 * A CSV file with a header row, CRLF line ends and a byte order mark, so that spreadsheets
 * open the UTF-8 names (Korean, Chinese, Polish) as they are. Booleans are written true/false.
 */
export function writeCsv(columns: readonly string[], rows: readonly CsvCell[][]): string {
  const body = rows.map((row) =>
    row.map((cell) => {
      if (cell === null || cell === undefined) return "";
      if (typeof cell === "boolean") return cell ? "true" : "false";
      if (typeof cell === "number") return String(cell);
      return guard(cell);
    }),
  );
  return `\ufeff${stringify([columns as string[], ...body], { record_delimiter: "windows" })}`;
}

/** The report of a check or an import; `applied` only when rows were written. */
export function importReport(
  counts: { rows: number; created: number; updated: number; unchanged: number },
  problems: CsvProblems,
  applied: boolean,
): CsvImportReport {
  return {
    ...counts,
    problem_count: problems.list.length,
    problems: problems.listed(),
    applied,
  };
}

/** 422 csv_rows_invalid: nothing was written; `meta.report` says why, row by row. */
export function rowsInvalid(report: CsvImportReport): AppError {
  return new AppError(
    "unprocessable",
    {
      code: "csv_rows_invalid",
      messageId: CSV_MESSAGES.rowsInvalid,
      values: { count: report.problem_count },
      pointer: "/data/attributes/csv",
    },
    { meta: { report } },
  );
}

// /locations/import and /staff/import: bulk onboarding by CSV. The admin picks a file and checks it:
// the server reads every row with the rules of the forms and answers with what would be created,
// changed or left alone and every problem by row and column. Only a file without problems can be
// imported, all or nothing; the current data downloads as a CSV in the same columns, to edit and
// import back.
import { type FormEvent, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import {
  CSV_MAX_CHARACTERS,
  type CsvImportKind,
  type CsvImportReport,
  type CsvProblem,
} from "../../../shared/contracts/csv-import.ts";
import { ApiError } from "../../api/client.ts";
import { rejectedReport, useCsvImport } from "../../api/office/csv-import.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { paths } from "../office-paths.ts";
import styles from "./csv-import-page.module.css";

type Checked = { file: string; csv: string; report: CsvImportReport };

export function CsvImportPage({ kind }: { kind: CsvImportKind }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.import.${id}` }, values);
  const title = t(`${kind}.title`);
  usePageTitle(title);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const mutation = useCsvImport(kind);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [imported, setImported] = useState<CsvImportReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [invite, setInvite] = useState(true);

  const focusResult = () => requestAnimationFrame(() => resultRef.current?.focus());

  async function check(event: FormEvent) {
    event.preventDefault();
    setImported(null);
    setChecked(null);
    setFileError(null);
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setFileError(t("error.no_file"));
      return;
    }
    const csv = await file.text();
    if (csv.length > CSV_MAX_CHARACTERS) {
      setFileError(t("error.too_big"));
      return;
    }
    try {
      const report = await mutation.mutateAsync({ csv, dryRun: true });
      setChecked({ file: file.name, csv, report });
      focusResult();
    } catch (error) {
      setFileError(describe(error));
    }
  }

  async function apply() {
    if (!checked) return;
    try {
      const report = await mutation.mutateAsync({
        csv: checked.csv,
        dryRun: false,
        ...(kind === "staff" ? { invite } : {}),
      });
      setImported(report);
      setChecked(null);
      if (fileInput.current) fileInput.current.value = "";
      focusResult();
    } catch (error) {
      // Someone changed the data since the check: the same report, with today's problems.
      const report = rejectedReport(error);
      if (report) {
        setChecked({ ...checked, report });
        focusResult();
      } else setFileError(describe(error));
    }
  }

  function describe(error: unknown): string {
    if (error instanceof ApiError && error.status === 413) return t("error.too_big");
    if (error instanceof ApiError && error.errors[0]?.detail) return error.errors[0].detail;
    return t("error.network");
  }

  const listPath = kind === "locations" ? paths.adminLocations() : paths.staff();
  const report = checked?.report;
  const changes = report ? report.created + report.updated : 0;

  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <p className={styles.back}>
        <Link to={listPath}>{t(`${kind}.back`)}</Link>
      </p>
      <h1 id={`${id}-title`} className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t(`${kind}.intro`)}</p>
      <p className={styles.intro}>
        <a href={paths.api.internal.csvExport(kind)} download className={styles.download}>
          {t(`${kind}.download`)}
        </a>
      </p>

      <form className={styles.form} onSubmit={check} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-file`}>{t("file")}</label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className={styles.file}
            aria-describedby={fileError ? `${id}-file-error` : `${id}-file-hint`}
            aria-invalid={fileError ? true : undefined}
            onChange={() => {
              setChecked(null);
              setFileError(null);
            }}
          />
          <span id={`${id}-file-hint`} className={styles.hint}>
            {t("file_hint")}
          </span>
          {fileError && (
            <span id={`${id}-file-error`} role="alert" className={styles.error}>
              {fileError}
            </span>
          )}
        </div>
        <button
          type="submit"
          className={`${controls.button} ${controls.secondary}`}
          disabled={mutation.isPending}
        >
          {mutation.isPending && !checked ? t("checking") : t("check")}
        </button>
      </form>

      <div ref={resultRef} tabIndex={-1} className={styles.result} aria-live="polite">
        {imported && (
          <div role="status" className={styles.done}>
            <h2 className={styles.subtitle}>{t("done_title")}</h2>
            <p>{t("done", { created: imported.created, updated: imported.updated })}</p>
            <Link to={listPath}>{t(`${kind}.back`)}</Link>
          </div>
        )}
        {checked && report && (
          <div>
            <h2 className={styles.subtitle}>{t("report_title", { file: checked.file })}</h2>
            <p>
              {t("summary", {
                rows: report.rows,
                created: report.created,
                updated: report.updated,
                unchanged: report.unchanged,
              })}
            </p>
            {report.problem_count > 0 ? (
              <Problems report={report} t={t} />
            ) : changes > 0 ? (
              <div className={styles.apply}>
                {kind === "staff" && (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={invite}
                      onChange={(event) => setInvite(event.currentTarget.checked)}
                    />
                    {t("staff.invite")}
                  </label>
                )}
                <button
                  type="button"
                  className={`${controls.button} ${controls.primary}`}
                  disabled={mutation.isPending}
                  onClick={apply}
                >
                  {mutation.isPending ? t("importing") : t("apply", { count: changes })}
                </button>
              </div>
            ) : (
              <p>{t("nothing")}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function Problems({
  report,
  t,
}: {
  report: CsvImportReport;
  t: (id: string, values?: Record<string, string | number>) => string;
}) {
  const intl = useIntl();
  const text = (problem: CsvProblem) =>
    intl.formatMessage(
      { id: problem.message_id },
      { column: problem.column ?? "", ...problem.values },
    );
  return (
    <>
      <p role="alert" className={styles.problemCount}>
        {t("problems", { count: report.problem_count })}
      </p>
      {report.problem_count > report.problems.length && (
        <p>
          {t("problems_listed", { shown: report.problems.length, count: report.problem_count })}
        </p>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t("problems_caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("row")}</th>
              <th scope="col">{t("column")}</th>
              <th scope="col">{t("problem")}</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((problem) => (
              <tr
                key={`${problem.row}-${problem.column}-${problem.message_id}-${JSON.stringify(problem.values ?? {})}`}
              >
                <td>{problem.row}</td>
                <td>
                  <code>{problem.column ?? "—"}</code>
                </td>
                <td>{text(problem)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

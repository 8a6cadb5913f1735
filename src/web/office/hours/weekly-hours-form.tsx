// The weekly hours of one location: per weekday open or closed and, when open, its opening
// periods (several when the location closes at lunch), each with an opening and closing time.
// "Copy Monday to weekdays" fills Tuesday–Friday. A close before the open and overlapping periods
// are caught here before a save; the server checks again and its errors land beside the field.
// A 409 says someone else saved first and offers to load their version.
import { useState } from "react";
import { useIntl } from "react-intl";
import { WEEKDAYS, type Weekday } from "../../../shared/domain.ts";
import type { WeeklyHours } from "../../../shared/opening-hours.ts";
import { ApiError } from "../../api/client.ts";
import { type LocationHours, useSaveWeeklyHours } from "../../api/office/location-hours.ts";
import controls from "../../ui/controls.module.css";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import styles from "./hours-page.module.css";
import { type PeriodDraft, PeriodsEditor, periodProblems } from "./periods-editor.tsx";

type DayDraft = { open: boolean; periods: PeriodDraft[] };
type Draft = Record<Weekday, DayDraft>;

const DEFAULT_PERIODS: PeriodDraft[] = [{ from: "09:00", to: "17:00" }];

export function draftOf(weekly: LocationHours["weekly"]): Draft {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const periods = weekly[day] ?? [];
      return [
        day,
        periods.length > 0
          ? { open: true, periods: periods.map((p) => ({ from: p.open, to: p.closed })) }
          : { open: false, periods: DEFAULT_PERIODS },
      ];
    }),
  ) as Draft;
}

export function weeklyOf(draft: Draft): WeeklyHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      draft[day].open ? draft[day].periods.map((p) => ({ open: p.from, closed: p.to })) : null,
    ]),
  ) as WeeklyHours;
}

/** The weekday's name in the page's language (2024-01-01 was a Monday). */
export function weekdayName(locale: string, day: Weekday): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(date);
}

/** The problems the page can see itself, by the pointer the server would use. */
function localProblems(draft: Draft): Map<string, string> {
  const problems = new Map<string, string>();
  for (const day of WEEKDAYS) {
    if (!draft[day].open) continue;
    for (const [key, id] of periodProblems(`/data/attributes/weekly/${day}`, draft[day].periods))
      problems.set(key, id);
  }
  return problems;
}

export function WeeklyHoursForm({
  locationId,
  hours,
  onReload,
}: {
  locationId: number;
  hours: LocationHours;
  onReload: () => Promise<void>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `Office.hours.${id}` }, values);
  const [draft, setDraft] = useState<Draft>(() => draftOf(hours.weekly));
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [status, setStatus] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const save = useSaveWeeklyHours(locationId);

  const dayName = (day: Weekday) => weekdayName(intl.locale, day);
  const change = (day: Weekday, patch: Partial<DayDraft>) => {
    setDraft((current) => ({ ...current, [day]: { ...current[day], ...patch } }));
    setStatus("");
  };
  const copyMonday = () => {
    setDraft((current) => ({
      ...current,
      tuesday: { ...current.monday },
      wednesday: { ...current.monday },
      thursday: { ...current.monday },
      friday: { ...current.monday },
    }));
    setStatus(t("copied"));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStatus("");
    const found = localProblems(draft);
    if (found.size > 0) {
      setProblems(new Map([...found].map(([k, id]) => [k, intl.formatMessage({ id })])));
      setFailure(t("fix_errors"));
      return;
    }
    setProblems(new Map());
    try {
      const saved = await save.mutateAsync({ weekly: weeklyOf(draft), version: hours.version });
      setDraft(draftOf(saved.weekly));
      setStatus(t("saved"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      const fields = fieldErrorsOf(error);
      setProblems(fields);
      setFailure(fields.size > 0 ? t("fix_errors") : describeError(intl, error));
    }
  };

  return (
    <form onSubmit={submit} className={styles.card} aria-labelledby="weekly-title" noValidate>
      <h2 id="weekly-title" className={styles.cardTitle}>
        {t("weekly_title")}
      </h2>
      <p className={styles.hint}>{t("weekly_hint", { timezone: hours.timezone })}</p>
      <div className={styles.week}>
        {WEEKDAYS.map((day) => {
          const d = draft[day];
          return (
            <fieldset key={day} className={styles.day} data-testid={`day-${day}`}>
              <legend className={styles.dayName}>{dayName(day)}</legend>
              <label className={styles.toggle}>
                <input
                  type="checkbox"
                  checked={d.open}
                  onChange={(event) => change(day, { open: event.target.checked })}
                />{" "}
                {t("open_this_day")}
              </label>
              {d.open ? (
                <PeriodsEditor
                  periods={d.periods}
                  pointer={`/data/attributes/weekly/${day}`}
                  errors={problems}
                  dayLabel={dayName(day)}
                  idPrefix={`hours-${day}`}
                  onChange={(periods, how) => {
                    change(day, { periods });
                    if (how === "added") setStatus(t("period_added", { day: dayName(day) }));
                    if (how === "removed") setStatus(t("period_removed", { day: dayName(day) }));
                  }}
                />
              ) : (
                <p className={styles.closed}>{t("closed_all_day")}</p>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={copyMonday}
        >
          {t("copy_monday")}
        </button>
        <button
          type="submit"
          className={`${controls.button} ${controls.primary}`}
          disabled={save.isPending}
        >
          {save.isPending ? t("saving") : t("save_hours")}
        </button>
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      <div role="alert">
        {failure && <p className={controls.alert}>{failure}</p>}
        {conflict && (
          <div className={controls.alert}>
            <p className={styles.conflictText}>{t("conflict")}</p>
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={() => {
                setConflict(false);
                void onReload();
              }}
            >
              {t("reload")}
            </button>
          </div>
        )}
      </div>
    </form>
  );
}

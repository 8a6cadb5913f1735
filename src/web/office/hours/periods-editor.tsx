// The opening periods of one day (a weekday or a dated special day): an Opens and a Closes time per
// period, a button to remove a period (while there are two or more) and one to add a period after
// the last (up to the daily maximum). Focus moves to the new period's first field on adding, and to
// the add button on removing, so a keyboard or screen-reader user keeps their place.
import { useRef } from "react";
import { useIntl } from "react-intl";
import { MAX_PERIODS_PER_DAY } from "../../../shared/opening-hours.ts";
import controls from "../../ui/controls.module.css";
import styles from "./hours-page.module.css";

export type PeriodDraft = { from: string; to: string };

type Props = {
  periods: PeriodDraft[];
  onChange: (periods: PeriodDraft[], change: "added" | "removed" | "edited") => void;
  /** the JSON pointer of the day's list: errors are at `${pointer}/${index}/open` and so on */
  pointer: string;
  errors: ReadonlyMap<string, string>;
  /** the day in words, for the buttons' names ("Monday", "That day") */
  dayLabel: string;
  idPrefix: string;
};

export function PeriodsEditor({ periods, onChange, pointer, errors, dayLabel, idPrefix }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `Office.hours.${id}` }, values);
  const addButton = useRef<HTMLButtonElement>(null);
  const firstFieldOf = (index: number) =>
    document.getElementById(`${idPrefix}-${index}-open`) as HTMLInputElement | null;

  const edit = (index: number, patch: Partial<PeriodDraft>) =>
    onChange(
      periods.map((period, i) => (i === index ? { ...period, ...patch } : period)),
      "edited",
    );
  const add = () => {
    const last = periods[periods.length - 1];
    // A new period starts an hour after the last one closes, as a guess to adjust.
    const from = last ? laterBy(last.to, 60) : "09:00";
    const to = laterBy(from, 60);
    onChange([...periods, { from, to }], "added");
    const index = periods.length;
    requestAnimationFrame(() => firstFieldOf(index)?.focus());
  };
  const remove = (index: number) => {
    onChange(
      periods.filter((_, i) => i !== index),
      "removed",
    );
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const dayError = errors.get(pointer);
  return (
    <div className={styles.periods}>
      {periods.map((period, index) => {
        const at = (field: string) => `${pointer}/${index}/${field}`;
        const openError = errors.get(at("open"));
        const closeError = errors.get(at("closed"));
        const errorId = `${idPrefix}-${index}-error`;
        const number = String(index + 1);
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: a period has no identity beyond its place; its inputs hold no state of their own
            key={index}
            className={`${styles.times} ${styles.period}`}
            data-testid={`${idPrefix}-period-${index}`}
          >
            <legend className="visually-hidden">{t("period_label", { number })}</legend>
            <label className={styles.time}>
              <span>{t("opens")}</span>
              <input
                id={`${idPrefix}-${index}-open`}
                type="time"
                className={controls.input}
                value={period.from}
                aria-invalid={Boolean(openError)}
                aria-describedby={openError || closeError ? errorId : undefined}
                onChange={(event) => edit(index, { from: event.target.value })}
              />
            </label>
            <label className={styles.time}>
              <span>{t("closes")}</span>
              <input
                type="time"
                className={controls.input}
                value={period.to}
                aria-invalid={Boolean(closeError)}
                aria-describedby={openError || closeError ? errorId : undefined}
                onChange={(event) => edit(index, { to: event.target.value })}
              />
            </label>
            {periods.length > 1 && (
              <button
                type="button"
                className={`${controls.button} ${controls.secondary} ${styles.periodButton}`}
                aria-label={t("remove_period_label", { number, day: dayLabel })}
                onClick={() => remove(index)}
              >
                {t("remove_period")}
              </button>
            )}
            {(openError || closeError) && (
              <p id={errorId} className={styles.fieldError}>
                {closeError ?? openError}
              </p>
            )}
          </fieldset>
        );
      })}
      {periods.length < MAX_PERIODS_PER_DAY && (
        <button
          ref={addButton}
          type="button"
          className={`${controls.button} ${controls.secondary} ${styles.periodButton}`}
          aria-label={t("add_period_label", { day: dayLabel })}
          onClick={add}
        >
          {t("add_period")}
        </button>
      )}
      {dayError && <p className={styles.fieldError}>{dayError}</p>}
    </div>
  );
}

/** `time` (HH:mm) plus `minutes`, kept within the day (23:59 at most). */
function laterBy(time: string, minutes: number): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return "";
  const total = Math.min(Number(match[1]) * 60 + Number(match[2]) + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The problems the page can see itself in one day's periods, by the pointers the server would use
 * (message ids): a time not HH:mm, a close at or before its open, a period overlapping or touching
 * another (pointed at the later of the two in the list, as the server does).
 */
export function periodProblems(pointer: string, periods: readonly PeriodDraft[]) {
  const problems = new Map<string, string>();
  periods.forEach(({ from, to }, index) => {
    const at = (field: string) => `${pointer}/${index}/${field}`;
    if (!TIME.test(from)) problems.set(at("open"), "Office.hours.error.invalid_time");
    if (!TIME.test(to)) problems.set(at("closed"), "Office.hours.error.invalid_time");
    else if (TIME.test(from) && to <= from)
      problems.set(at("closed"), "Office.hours.error.close_before_open");
  });
  const valid = periods
    .map((period, index) => ({ period, index }))
    .filter(({ period }) => TIME.test(period.from) && TIME.test(period.to))
    .sort((a, b) => (a.period.from < b.period.from ? -1 : a.period.from > b.period.from ? 1 : 0));
  for (let i = 1; i < valid.length; i++) {
    const before = valid[i - 1]!;
    const current = valid[i]!;
    if (current.period.from <= before.period.to) {
      const index = Math.max(before.index, current.index);
      const key = `${pointer}/${index}/open`;
      if (!problems.has(key)) problems.set(key, "Office.hours.error.overlap");
    }
  }
  return problems;
}

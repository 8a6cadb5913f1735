// Holidays, closures and special hours of one location: the list (upcoming first, yearly ones at
// their next date) with a change and a delete that asks first, and one form to add a day or change
// the chosen one — a date, closed all day or special hours, every year or once, and an optional
// name ("Christmas Day"). A change names the version it was read at; a 409 says someone was first.
import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import {
  type HourAdjustment,
  useAddAdjustment,
  useDeleteAdjustment,
  useHourAdjustments,
  useUpdateAdjustment,
} from "../../api/office/location-hours.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { DeleteConfirmation } from "./delete-confirmation.tsx";
import styles from "./hours-page.module.css";
import { type PeriodDraft, PeriodsEditor, periodProblems } from "./periods-editor.tsx";
import { periodsText } from "./periods-text.ts";

const A = "/data/attributes";
const SPECIAL_DEFAULT: PeriodDraft[] = [{ from: "10:00", to: "14:00" }];

/** "Thursday, December 25, 2026" in the page's language; the date is a local calendar date. */
export function formatDate(locale: string, date: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

export function AdjustmentsPanel({ locationId }: { locationId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `Office.hours.${id}` }, values);
  const list = useHourAdjustments(locationId);
  const add = useAddAdjustment(locationId);
  const remove = useDeleteAdjustment(locationId);
  const update = useUpdateAdjustment(locationId);
  const [editing, setEditing] = useState<HourAdjustment | null>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const [special, setSpecial] = useState(false);
  const [periods, setPeriods] = useState<PeriodDraft[]>(SPECIAL_DEFAULT);
  const [yearly, setYearly] = useState(false);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [status, setStatus] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStatus("");
    const local = new Map<string, string>();
    if (!date) local.set(`${A}/date`, t("error.date_required"));
    if (special)
      for (const [key, id] of periodProblems(`${A}/hours`, periods))
        local.set(key, intl.formatMessage({ id }));
    setErrors(local);
    if (local.size > 0) return;
    const input = {
      date,
      name: name.trim() || null,
      hours: special ? periods.map((p) => ({ open: p.from, closed: p.to })) : null,
      recurs_yearly: yearly,
    };
    try {
      if (editing) {
        await update.mutateAsync({ adjustment: editing, input });
        setStatus(t("adjustment_changed", { date: formatDate(intl.locale, date) }));
      } else {
        await add.mutateAsync(input);
        setStatus(t("adjustment_added", { date: formatDate(intl.locale, date) }));
      }
      resetForm();
    } catch (error) {
      if (editing && error instanceof ApiError && error.status === 409) {
        // Someone changed or deleted the day meanwhile: the list now shows theirs.
        resetForm();
        setFailure(t("edit_conflict"));
        return;
      }
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure(fields.size > 0 ? null : describeError(intl, error));
    }
  };

  function resetForm() {
    setEditing(null);
    setDate("");
    setName("");
    setYearly(false);
    setSpecial(false);
    setPeriods(SPECIAL_DEFAULT);
    setErrors(new Map());
  }

  function startEditing(adjustment: HourAdjustment) {
    const a = adjustment.attributes;
    setEditing(adjustment);
    setConfirming(null);
    setStatus("");
    setFailure(null);
    setErrors(new Map());
    setDate(a.date);
    setName(a.name ?? "");
    setSpecial(a.hours !== null);
    setPeriods(
      a.hours && a.hours.length > 0
        ? a.hours.map((p) => ({ from: p.open, to: p.closed }))
        : SPECIAL_DEFAULT,
    );
    setYearly(a.recurs_yearly);
    requestAnimationFrame(() => formTitle.current?.focus());
  }

  const confirmDelete = async (adjustment: HourAdjustment) => {
    setConfirming(null);
    setFailure(null);
    try {
      await remove.mutateAsync(adjustment);
      setStatus(
        t("adjustment_deleted", {
          date: formatDate(
            intl.locale,
            adjustment.attributes.next_date ?? adjustment.attributes.date,
          ),
        }),
      );
    } catch (error) {
      setFailure(describeError(intl, error));
    }
  };

  const describeHours = (adjustment: HourAdjustment) => {
    const hours = adjustment.attributes.hours;
    return hours && hours.length > 0 ? periodsText(intl, hours) : t("closed");
  };

  const rows = list.data ?? [];
  return (
    <section className={styles.card} aria-labelledby="adjustments-title">
      <h2 id="adjustments-title" className={styles.cardTitle}>
        {t("adjustments_title")}
      </h2>
      <p className={styles.hint}>{t("adjustments_hint")}</p>
      {list.isError && <p className={controls.alert}>{describeError(intl, list.error)}</p>}
      {list.isSuccess && rows.length === 0 && <p className={styles.empty}>{t("no_adjustments")}</p>}
      {rows.length > 0 && (
        <ul className={styles.adjustments}>
          {rows.map((adjustment) => {
            const a = adjustment.attributes;
            const shownDate = a.next_date ?? a.date;
            return (
              <li key={adjustment.id} className={styles.adjustment}>
                <div>
                  <p className={styles.adjustmentDate}>{formatDate(intl.locale, shownDate)}</p>
                  <p className={styles.adjustmentMeta}>
                    {a.name ? `${a.name} · ` : ""}
                    {describeHours(adjustment)}
                    {a.recurs_yearly ? ` · ${t("every_year")}` : ""}
                  </p>
                </div>
                {confirming === adjustment.id ? (
                  <DeleteConfirmation
                    question={t("delete_question", { date: formatDate(intl.locale, shownDate) })}
                    keepLabel={t("delete_keep")}
                    confirmLabel={t("delete_yes")}
                    onKeep={() => setConfirming(null)}
                    onConfirm={() => void confirmDelete(adjustment)}
                  />
                ) : (
                  <div className={styles.rowActions}>
                    <button
                      type="button"
                      className={`${controls.button} ${controls.quiet}`}
                      onClick={() => startEditing(adjustment)}
                      aria-label={t("edit_label", { date: formatDate(intl.locale, shownDate) })}
                    >
                      {t("edit")}
                    </button>
                    <button
                      type="button"
                      className={`${controls.button} ${controls.quiet}`}
                      onClick={() => setConfirming(adjustment.id)}
                      aria-label={t("delete_label", { date: formatDate(intl.locale, shownDate) })}
                    >
                      {t("delete")}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <form onSubmit={submit} className={styles.addForm} aria-labelledby="add-title" noValidate>
        <h3 id="add-title" className={styles.subTitle} ref={formTitle} tabIndex={-1}>
          {editing
            ? t("edit_title", { date: formatDate(intl.locale, editing.attributes.date) })
            : t("add_title")}
        </h3>
        <Field label={t("date")} required error={errors.get(`${A}/date`)}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={controls.input}
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          )}
        </Field>
        <Field label={t("name")} hint={t("name_hint")} markOptional error={errors.get(`${A}/name`)}>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={100}
              className={controls.input}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <fieldset className={styles.choice}>
          <legend>{t("that_day")}</legend>
          <label>
            <input type="radio" name="kind" checked={!special} onChange={() => setSpecial(false)} />{" "}
            {t("closed_all_day")}
          </label>
          <label>
            <input type="radio" name="kind" checked={special} onChange={() => setSpecial(true)} />{" "}
            {t("special_hours")}
          </label>
        </fieldset>
        {special && (
          <PeriodsEditor
            periods={periods}
            pointer={`${A}/hours`}
            errors={errors}
            dayLabel={t("that_day")}
            idPrefix="adjustment"
            onChange={(next) => setPeriods(next)}
          />
        )}
        <label className={styles.toggle}>
          <input type="checkbox" checked={yearly} onChange={(e) => setYearly(e.target.checked)} />{" "}
          {t("every_year_label")}
        </label>
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            disabled={add.isPending || update.isPending}
          >
            {editing ? t("save_changes") : t("add")}
          </button>
          {editing && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={resetForm}
            >
              {t("cancel_edit")}
            </button>
          )}
        </div>
      </form>
      <p role="status" className={styles.status}>
        {status}
      </p>
      <div role="alert">{failure && <p className={controls.alert}>{failure}</p>}</div>
    </section>
  );
}

// /staff/{id}/shifts/edit: a staff member's working week at each of their locations — shifts and
// breaks per weekday in the location's local time — and dated exceptions (a day off, or other hours
// that day). Saved whole; the server makes the next days' shifts from it, which the wait times use.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import { WEEKDAYS, type Weekday } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { type StaffMember, useSaveShifts, useStaffMember } from "../../api/office/staff.ts";
import { Link, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import styles from "./staff-pages.module.css";

type WeeklyRow = {
  key: number;
  location_id: string;
  weekday: Weekday;
  kind: "shift" | "break";
  start: string;
  end: string;
};
type ExceptionRow = {
  key: number;
  location_id: string;
  date: string;
  off: boolean;
  start: string;
  end: string;
  note: string;
};

let keys = 0;
const nextKey = () => ++keys;

export function StaffShiftsPage() {
  const intl = useIntl();
  const { id = "" } = useParams();
  const member = useStaffMember(id);
  // Kept here: a save changes the version, which renews the form below.
  const [saved, setSaved] = useState("");
  usePageTitle(intl.formatMessage({ id: "Office.staff.shifts_title" }));
  if (member.isError) {
    return (
      <p className={controls.alert} role="alert">
        {describeError(intl, member.error)}
      </p>
    );
  }
  if (!member.data)
    return <p role="status">{intl.formatMessage({ id: "Office.staff.loading" })}</p>;
  return (
    <ShiftsForm
      key={member.data.data.attributes.version}
      member={member.data.data}
      reload={() => void member.refetch()}
      saved={saved}
      setSaved={setSaved}
    />
  );
}

function ShiftsForm({
  member,
  reload,
  saved,
  setSaved,
}: {
  member: StaffMember;
  reload: () => void;
  saved: string;
  setSaved: (message: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const a = member.attributes;
  const save = useSaveShifts(member.id);
  const [weekly, setWeekly] = useState<WeeklyRow[]>(() =>
    a.shifts.weekly.map((w) => ({ ...w, key: nextKey() })),
  );
  const [exceptions, setExceptions] = useState<ExceptionRow[]>(() =>
    a.shifts.exceptions.map((e) => {
      const shift = e.intervals.find((i) => i.kind === "shift");
      return {
        key: nextKey(),
        location_id: e.location_id,
        date: e.date,
        off: !shift,
        start: shift?.start ?? "09:00",
        end: shift?.end ?? "17:00",
        note: e.note ?? "",
      };
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const name = `${a.first_name} ${a.last_name}`;
  const weekdayName = (day: Weekday) => t(`Office.staff.weekday_${day}`);

  const weeklyError = (index: number) =>
    ["start", "end", "location_id", ""]
      .map((part) => errors.get(`/data/attributes/weekly/${index}${part ? `/${part}` : ""}`))
      .find(Boolean);
  const exceptionError = (index: number) =>
    [...errors].find(([pointer]) =>
      pointer.startsWith(`/data/attributes/exceptions/${index}/`),
    )?.[1] ?? errors.get(`/data/attributes/exceptions/${index}`);

  function updateWeekly(key: number, change: Partial<WeeklyRow>) {
    setWeekly((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }
  function updateException(key: number, change: Partial<ExceptionRow>) {
    setExceptions((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setSaved("");
    save.mutate(
      {
        version: a.version,
        weekly: weekly.map(({ key: _key, ...row }) => row),
        exceptions: exceptions.map((row) => ({
          location_id: row.location_id,
          date: row.date,
          intervals: row.off ? [] : [{ kind: "shift" as const, start: row.start, end: row.end }],
          note: row.note || null,
        })),
      },
      { onSuccess: () => setSaved(t("Office.staff.saved")) },
    );
  }

  return (
    <section aria-labelledby="shifts-title" className={styles.page}>
      <p>
        <Link to={paths.staffMember(member.id)}>{t("Office.staff.back_to", { name })}</Link>
      </p>
      <h1 id="shifts-title" className={styles.title}>
        {t("Office.staff.shifts_of", { name })}
      </h1>
      <p className={styles.intro}>{t("Office.staff.shifts_intro")}</p>
      <div role="status" aria-live="polite" className={saved ? controls.notice : undefined}>
        {saved}
      </div>
      {save.isError && (
        <div className={controls.alert} role="alert">
          <p>{errors.size > 0 ? t("Office.staff.fix_rows") : describeError(intl, save.error)}</p>
          {conflict && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={reload}
            >
              {t("Office.staff.load_current")}
            </button>
          )}
        </div>
      )}
      {a.locations.length === 0 ? (
        <p>
          {t("Office.staff.shifts_need_location")}{" "}
          <Link to={paths.staffAssignments(member.id)}>{t("Office.staff.edit_assignments")}</Link>
        </p>
      ) : (
        <form onSubmit={submit} noValidate className={styles.page}>
          {a.locations.map((location) => (
            <fieldset key={location.location_id} className={styles.panel}>
              <legend>{t("Office.staff.week_at", { location: location.name })}</legend>
              {weekly.map((row, index) =>
                row.location_id !== location.location_id ? null : (
                  <fieldset key={row.key} className={`${styles.row} ${styles.bare}`}>
                    <legend className="visually-hidden">{`${weekdayName(row.weekday)} ${row.start}–${row.end}`}</legend>
                    <label>
                      <span className="visually-hidden">{t("Office.staff.weekday")}</span>
                      <select
                        className={controls.input}
                        value={row.weekday}
                        onChange={(e) =>
                          updateWeekly(row.key, { weekday: e.target.value as Weekday })
                        }
                      >
                        {WEEKDAYS.map((day) => (
                          <option key={day} value={day}>
                            {weekdayName(day)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <span className="visually-hidden">{t("Office.staff.kind")}</span>
                      <select
                        className={controls.input}
                        value={row.kind}
                        onChange={(e) =>
                          updateWeekly(row.key, { kind: e.target.value as "shift" | "break" })
                        }
                      >
                        <option value="shift">{t("Office.staff.kind_shift")}</option>
                        <option value="break">{t("Office.staff.kind_break")}</option>
                      </select>
                    </label>
                    <label>
                      {t("Office.staff.from")}{" "}
                      <input
                        type="time"
                        className={controls.input}
                        value={row.start}
                        aria-invalid={Boolean(weeklyError(index))}
                        onChange={(e) => updateWeekly(row.key, { start: e.target.value })}
                      />
                    </label>
                    <label>
                      {t("Office.staff.to")}{" "}
                      <input
                        type="time"
                        className={controls.input}
                        value={row.end}
                        aria-invalid={Boolean(weeklyError(index))}
                        onChange={(e) => updateWeekly(row.key, { end: e.target.value })}
                      />
                    </label>
                    <button
                      type="button"
                      className={`${controls.button} ${controls.quiet}`}
                      onClick={() => setWeekly((rows) => rows.filter((r) => r.key !== row.key))}
                    >
                      {t("Office.staff.remove")}
                    </button>
                    {weeklyError(index) && (
                      <p className={controls.alert} style={{ flexBasis: "100%" }}>
                        {weeklyError(index)}
                      </p>
                    )}
                  </fieldset>
                ),
              )}
              <div className={styles.actions}>
                {(["shift", "break"] as const).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className={`${controls.button} ${controls.secondary}`}
                    onClick={() =>
                      setWeekly((rows) => [
                        ...rows,
                        {
                          key: nextKey(),
                          location_id: location.location_id,
                          weekday: "monday",
                          kind,
                          start: kind === "shift" ? "09:00" : "12:00",
                          end: kind === "shift" ? "17:00" : "12:30",
                        },
                      ])
                    }
                  >
                    {t(kind === "shift" ? "Office.staff.add_shift" : "Office.staff.add_break")}
                  </button>
                ))}
              </div>
            </fieldset>
          ))}

          <fieldset className={styles.panel}>
            <legend>{t("Office.staff.exceptions")}</legend>
            <p className={styles.muted}>{t("Office.staff.exceptions_hint")}</p>
            {exceptions.map((row, index) => (
              <fieldset key={row.key} className={`${styles.row} ${styles.bare}`}>
                <legend className="visually-hidden">{row.date}</legend>
                <label>
                  {t("Office.staff.location")}{" "}
                  <select
                    className={controls.input}
                    value={row.location_id}
                    onChange={(e) => updateException(row.key, { location_id: e.target.value })}
                  >
                    {a.locations.map((l) => (
                      <option key={l.location_id} value={l.location_id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  {t("Office.staff.date")}{" "}
                  <input
                    type="date"
                    className={controls.input}
                    value={row.date}
                    aria-invalid={Boolean(exceptionError(index))}
                    onChange={(e) => updateException(row.key, { date: e.target.value })}
                  />
                </label>
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={row.off}
                    onChange={(e) => updateException(row.key, { off: e.target.checked })}
                  />
                  {t("Office.staff.day_off")}
                </label>
                {!row.off && (
                  <>
                    <label>
                      {t("Office.staff.from")}{" "}
                      <input
                        type="time"
                        className={controls.input}
                        value={row.start}
                        onChange={(e) => updateException(row.key, { start: e.target.value })}
                      />
                    </label>
                    <label>
                      {t("Office.staff.to")}{" "}
                      <input
                        type="time"
                        className={controls.input}
                        value={row.end}
                        onChange={(e) => updateException(row.key, { end: e.target.value })}
                      />
                    </label>
                  </>
                )}
                <label>
                  {t("Office.staff.note")}{" "}
                  <input
                    className={controls.input}
                    value={row.note}
                    maxLength={200}
                    onChange={(e) => updateException(row.key, { note: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className={`${controls.button} ${controls.quiet}`}
                  onClick={() => setExceptions((rows) => rows.filter((r) => r.key !== row.key))}
                >
                  {t("Office.staff.remove")}
                </button>
                {exceptionError(index) && (
                  <p className={controls.alert} style={{ flexBasis: "100%" }}>
                    {exceptionError(index)}
                  </p>
                )}
              </fieldset>
            ))}
            <div className={styles.actions}>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={() =>
                  setExceptions((rows) => [
                    ...rows,
                    {
                      key: nextKey(),
                      location_id: a.locations[0]?.location_id ?? "",
                      date: new Date().toISOString().slice(0, 10),
                      off: true,
                      start: "09:00",
                      end: "17:00",
                      note: "",
                    },
                  ])
                }
              >
                {t("Office.staff.add_exception")}
              </button>
            </div>
          </fieldset>
          <div className={styles.actions}>
            <button
              type="submit"
              className={`${controls.button} ${controls.primary}`}
              aria-disabled={save.isPending || undefined}
            >
              {t("Office.staff.save")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

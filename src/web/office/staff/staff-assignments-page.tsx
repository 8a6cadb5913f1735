// /staff/{id}/assignments/edit: where a staff member works, with the desk or counter name at each
// location, and the services they serve there (none ticked: every service). Saved whole, with the
// version it edited; a location taken away takes its weekly shifts with it.
import { useQueries } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { type StaffMember, useSaveAssignments, useStaffMember } from "../../api/office/staff.ts";
import { walkInServicesQueryOptions } from "../../api/office/walk-in-services.ts";
import { Link, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./staff-pages.module.css";

export function StaffAssignmentsPage() {
  const intl = useIntl();
  const { id = "" } = useParams();
  const member = useStaffMember(id);
  // Kept here: a save changes the version, which renews the form below.
  const [saved, setSaved] = useState("");
  usePageTitle(intl.formatMessage({ id: "Office.staff.assignments_title" }));
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
    <AssignmentsForm
      key={member.data.data.attributes.version}
      member={member.data.data}
      reload={() => void member.refetch()}
      saved={saved}
      setSaved={setSaved}
    />
  );
}

function AssignmentsForm({
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
  const me = useStaffSession();
  const a = member.attributes;
  const save = useSaveAssignments(member.id);
  const [desks, setDesks] = useState<Map<string, string>>(
    () => new Map(a.locations.map((l) => [l.location_id, l.desk ?? ""])),
  );
  const [serviceIds, setServiceIds] = useState<Set<string>>(() => new Set(a.service_ids));
  const chosen = [...desks.keys()];
  const services = useQueries({
    queries: chosen.map((locationId) =>
      walkInServicesQueryOptions(locationId, intl.locale as Locale),
    ),
  });
  const offered = new Map<string, string>();
  for (const answer of services) for (const s of answer.data ?? []) offered.set(s.value, s.text);

  const errors = fieldErrorsOf(save.error);
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const name = `${a.first_name} ${a.last_name}`;

  function toggleLocation(locationId: string, on: boolean) {
    setDesks((current) => {
      const next = new Map(current);
      if (on) next.set(locationId, next.get(locationId) ?? "");
      else next.delete(locationId);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setSaved("");
    save.mutate(
      {
        version: a.version,
        locations: [...desks].map(([location_id, desk]) => ({ location_id, desk: desk || null })),
        service_ids: [...serviceIds],
      },
      { onSuccess: () => setSaved(t("Office.staff.saved")) },
    );
  }

  return (
    <section aria-labelledby="assignments-title" className={styles.page}>
      <p>
        <Link to={paths.staffMember(member.id)}>{t("Office.staff.back_to", { name })}</Link>
      </p>
      <h1 id="assignments-title" className={styles.title}>
        {t("Office.staff.assignments_of", { name })}
      </h1>
      <div role="status" aria-live="polite" className={saved ? controls.notice : undefined}>
        {saved}
      </div>
      {save.isError && (conflict || errors.size === 0) && (
        <div className={controls.alert} role="alert">
          <p>{describeError(intl, save.error)}</p>
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
      <form onSubmit={submit} noValidate className={styles.page}>
        <fieldset className={styles.panel}>
          <legend>{t("Office.staff.locations")}</legend>
          <p className={styles.muted}>{t("Office.staff.locations_hint")}</p>
          {me.locations.map((location, index) => {
            const id = String(location.id);
            const on = desks.has(id);
            const position = chosen.indexOf(id);
            return (
              <div key={id} className={styles.row}>
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={(event) => toggleLocation(id, event.target.checked)}
                  />
                  {location.name}
                </label>
                {on && (
                  <Field
                    label={t("Office.staff.desk_at", { location: location.name })}
                    error={
                      errors.get(`/data/attributes/locations/${position}/desk`) ??
                      errors.get(`/data/attributes/locations/${position}/location_id`)
                    }
                    markOptional
                  >
                    {(control) => (
                      <input
                        {...control}
                        className={controls.input}
                        data-index={index}
                        value={desks.get(id) ?? ""}
                        maxLength={60}
                        onChange={(event) =>
                          setDesks((current) => new Map(current).set(id, event.target.value))
                        }
                      />
                    )}
                  </Field>
                )}
              </div>
            );
          })}
        </fieldset>
        <fieldset className={styles.panel}>
          <legend>{t("Office.staff.services")}</legend>
          <p className={styles.muted}>{t("Office.staff.services_hint")}</p>
          {offered.size === 0 && <p>{t("Office.staff.services_none")}</p>}
          {[...offered].map(([serviceId, text]) => (
            <label key={serviceId} className={styles.checkbox}>
              <input
                type="checkbox"
                checked={serviceIds.has(serviceId)}
                onChange={(event) =>
                  setServiceIds((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(serviceId);
                    else next.delete(serviceId);
                    return next;
                  })
                }
              />
              {text}
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={save.isPending || undefined}
          >
            {t("Office.staff.save")}
          </button>
          <Link
            className={`${controls.button} ${controls.quiet}`}
            to={paths.staffMember(member.id)}
          >
            {t("Office.staff.done")}
          </Link>
        </div>
      </form>
    </section>
  );
}

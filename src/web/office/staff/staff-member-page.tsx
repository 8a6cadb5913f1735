// /staff/{id}: one staff member — names, role (only the roles the caller may give), back-office
// language and languages spoken; deactivate (asked first) or reactivate; send a password link; where
// they work; and the history of changes. A save over someone else's change (409) says so and offers
// their version.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import { LOCALES } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import {
  type StaffMember,
  useSendStaffPasswordReset,
  useStaffMember,
  useUpdateStaff,
} from "../../api/office/staff.ts";
import { Link, useLocation, useParams } from "../../routing/routing.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { useRoleLabel } from "./role-label.ts";
import styles from "./staff-pages.module.css";

export function StaffMemberPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { id = "" } = useParams();
  const member = useStaffMember(id);
  const doc = member.data;
  const location = useLocation();
  // Kept here: a save changes the version, which renews the form below. Arriving from the
  // invitation form, the page says the invitation went.
  const invited = (location.state as { invited?: boolean } | null)?.invited === true;
  const [saved, setSaved] = useState(() => (invited ? "invited" : ""));
  const name = doc ? `${doc.data.attributes.first_name} ${doc.data.attributes.last_name}` : "";
  usePageTitle(name || t("Office.staff.title"));

  if (member.isError) {
    return (
      <section className={styles.page}>
        <p className={controls.alert} role="alert">
          {describeError(intl, member.error)}
        </p>
        <Link to={paths.staff()}>{t("Office.staff.back_to_list")}</Link>
      </section>
    );
  }
  if (!doc) return <p role="status">{t("Office.staff.loading")}</p>;
  return (
    <StaffMemberView
      key={`${doc.data.id}:${doc.data.attributes.version}`}
      member={doc.data}
      manageable={doc.meta.manageable}
      grantable={doc.meta.grantable_roles}
      reload={() => void member.refetch()}
      saved={
        saved === "invited"
          ? t("Office.staff.invitation_sent", { email: doc.data.attributes.email })
          : saved
      }
      setSaved={setSaved}
    />
  );
}

function StaffMemberView({
  member,
  manageable,
  grantable,
  reload,
  saved,
  setSaved,
}: {
  member: StaffMember;
  manageable: boolean;
  grantable: number[];
  reload: () => void;
  saved: string;
  setSaved: (message: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const roleLabel = useRoleLabel();
  const a = member.attributes;
  const update = useUpdateStaff(member.id);
  const reset = useSendStaffPasswordReset(member.id);
  const [confirming, setConfirming] = useState(false);
  const [values, setValues] = useState({
    first_name: a.first_name,
    last_name: a.last_name,
    role_level: String(a.role_level),
    lang: a.lang,
    languages: a.languages.join(", "),
  });

  const errors = fieldErrorsOf(update.error);
  const conflict = update.error instanceof ApiError && update.error.status === 409;
  const at = (field: string) => errors.get(`/data/attributes/${field}`);
  const roles = grantable.includes(a.role_level) ? grantable : [a.role_level, ...grantable];
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setSaved("");
    update.mutate(
      {
        version: a.version,
        first_name: values.first_name,
        last_name: values.last_name,
        ...(Number(values.role_level) === a.role_level
          ? {}
          : { role_level: Number(values.role_level) }),
        lang: values.lang as (typeof LOCALES)[number],
        languages: values.languages
          .split(/[,\s]+/)
          .map((tag) => tag.trim())
          .filter(Boolean),
      },
      { onSuccess: () => setSaved(t("Office.staff.saved")) },
    );
  }

  function setActive(active: boolean) {
    setSaved("");
    update.mutate(
      { version: a.version, active },
      {
        onSuccess: () =>
          setSaved(t(active ? "Office.staff.reactivated" : "Office.staff.deactivated")),
      },
    );
  }

  const name = `${a.first_name} ${a.last_name}`;
  const labels: Record<string, string> = {
    first_name: t("Office.staff.first_name"),
    last_name: t("Office.staff.last_name"),
    role_level: t("Office.staff.role"),
    lang: t("Office.staff.lang"),
    languages: t("Office.staff.languages"),
    active: t("Office.staff.status"),
    locations: t("Office.staff.locations"),
    service_ids: t("Office.staff.services"),
    shifts: t("Office.staff.shifts"),
    email: t("Office.staff.email"),
    invitation_pending: t("Office.staff.invitation_pending"),
  };
  // The history's values in words: a role by its name, locations with their desks, counts for the rest.
  const formatValue = (attribute: string, value: unknown): string | undefined => {
    if (attribute === "role_level" && typeof value === "number") return roleLabel(value);
    if (attribute === "locations" && Array.isArray(value)) {
      return (value as { name: string; desk: string | null }[])
        .map((l) =>
          l.desk ? t("Office.staff.location_desk", { location: l.name, desk: l.desk }) : l.name,
        )
        .join(", ");
    }
    if (attribute === "service_ids" && Array.isArray(value)) {
      return value.length === 0
        ? t("Office.staff.every_service")
        : t("Office.staff.service_count", { count: value.length });
    }
    if (attribute === "languages" && Array.isArray(value)) return value.join(", ") || undefined;
    if (attribute === "shifts" && value && typeof value === "object") {
      const shifts = value as { weekly?: unknown[]; exceptions?: unknown[] };
      return t("Office.staff.shifts_summary", {
        weekly: shifts.weekly?.length ?? 0,
        exceptions: shifts.exceptions?.length ?? 0,
      });
    }
    return undefined;
  };

  return (
    <section aria-labelledby="staff-member-title" className={styles.page}>
      <p>
        <Link to={paths.staff()}>{t("Office.staff.back_to_list")}</Link>
      </p>
      <h1 id="staff-member-title" className={styles.title}>
        {name}
      </h1>
      <p className={styles.muted}>
        {a.email} ·{" "}
        <span className={styles.badge}>
          {!a.active
            ? t("Office.staff.status_deactivated_one")
            : a.invitation_pending
              ? t("Office.staff.invited")
              : t("Office.staff.status_active_one")}
        </span>
      </p>
      <div role="status" aria-live="polite" className={saved ? controls.notice : undefined}>
        {saved}
      </div>
      {!manageable && <p className={controls.notice}>{t("Office.staff.read_only")}</p>}
      {update.isError && (conflict || errors.size === 0) && (
        <div className={controls.alert} role="alert">
          <p>{describeError(intl, update.error)}</p>
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

      <form className={styles.panel} onSubmit={save} noValidate aria-labelledby="staff-details">
        <h2 id="staff-details">{t("Office.staff.details")}</h2>
        <fieldset disabled={!manageable} className={styles.grid} style={{ border: 0, padding: 0 }}>
          <Field label={t("Office.staff.first_name")} error={at("first_name")} required>
            {(control) => (
              <input
                {...control}
                className={controls.input}
                value={values.first_name}
                onChange={set("first_name")}
              />
            )}
          </Field>
          <Field label={t("Office.staff.last_name")} error={at("last_name")} required>
            {(control) => (
              <input
                {...control}
                className={controls.input}
                value={values.last_name}
                onChange={set("last_name")}
              />
            )}
          </Field>
          <Field
            label={t("Office.staff.role")}
            hint={t("Office.staff.role_hint")}
            error={at("role_level")}
          >
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={values.role_level}
                onChange={set("role_level")}
              >
                {roles.map((level) => (
                  <option key={level} value={String(level)} disabled={!grantable.includes(level)}>
                    {roleLabel(level)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("Office.staff.lang")} error={at("lang")}>
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={values.lang}
                onChange={set("lang")}
              >
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {t(`Office.staff.locale_${locale.replace("-", "_")}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t("Office.staff.languages")}
            hint={t("Office.staff.languages_hint")}
            error={at("languages") ?? at("languages/0")}
          >
            {(control) => (
              <input
                {...control}
                className={controls.input}
                value={values.languages}
                onChange={set("languages")}
              />
            )}
          </Field>
        </fieldset>
        {manageable && (
          <div className={styles.actions}>
            <button
              type="submit"
              className={`${controls.button} ${controls.primary}`}
              aria-disabled={update.isPending || undefined}
            >
              {t("Office.staff.save")}
            </button>
          </div>
        )}
      </form>

      <section className={styles.panel} aria-labelledby="staff-work">
        <h2 id="staff-work">{t("Office.staff.where_they_work")}</h2>
        {a.locations.length === 0 ? (
          <p>{t("Office.staff.no_locations")}</p>
        ) : (
          <ul>
            {a.locations.map((l) => (
              <li key={l.location_id}>
                {l.desk
                  ? t("Office.staff.location_desk", { location: l.name, desk: l.desk })
                  : l.name}
              </li>
            ))}
          </ul>
        )}
        {manageable && (
          <div className={styles.actions}>
            <Link
              className={`${controls.button} ${controls.secondary}`}
              to={paths.staffAssignments(member.id)}
            >
              {t("Office.staff.edit_assignments")}
            </Link>
            <Link
              className={`${controls.button} ${controls.secondary}`}
              to={paths.staffShifts(member.id)}
            >
              {t("Office.staff.edit_shifts")}
            </Link>
          </div>
        )}
      </section>

      {manageable && (
        <section className={styles.panel} aria-labelledby="staff-access">
          <h2 id="staff-access">{t("Office.staff.access")}</h2>
          <div className={styles.actions}>
            {a.active && (
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                aria-disabled={reset.isPending || undefined}
                onClick={() => {
                  if (reset.isPending) return;
                  setSaved("");
                  reset.mutate(undefined, {
                    onSuccess: (answer) =>
                      setSaved(
                        t(
                          answer.meta.sent === "invitation"
                            ? "Office.staff.invitation_sent"
                            : "Office.staff.reset_sent",
                          { email: a.email },
                        ),
                      ),
                  });
                }}
              >
                {t(
                  a.invitation_pending
                    ? "Office.staff.resend_invitation"
                    : "Office.staff.send_reset",
                )}
              </button>
            )}
            {a.active ? (
              <button
                type="button"
                className={`${controls.button} ${controls.danger}`}
                onClick={() => setConfirming(true)}
              >
                {t("Office.staff.deactivate")}
              </button>
            ) : (
              <button
                type="button"
                className={`${controls.button} ${controls.primary}`}
                onClick={() => setActive(true)}
              >
                {t("Office.staff.reactivate")}
              </button>
            )}
          </div>
          {reset.isError && (
            <p className={controls.alert} role="alert">
              {describeError(intl, reset.error)}
            </p>
          )}
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        role="alertdialog"
        tone="danger"
        title={t("Office.staff.deactivate_title", { name })}
        message={t("Office.staff.deactivate_body")}
        cancelLabel={t("Office.staff.keep_active")}
        confirmLabel={t("Office.staff.deactivate")}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setActive(false);
        }}
      />

      <AuditTrail
        subjectType="staff"
        subjectId={member.id}
        labelOf={(attribute) => labels[attribute]}
        formatValue={formatValue}
      />
    </section>
  );
}

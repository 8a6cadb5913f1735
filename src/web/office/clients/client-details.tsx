// A client's details tab: contact details as an edit form (clients.manage; read only below it), a
// save over someone else's change (409) saying so and offering the current version, "Merge a
// duplicate", and the history of changes and merges.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import { LOCALES } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { type ClientResource, useUpdateClient } from "../../api/office/clients.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { AuditTrail } from "../audit/audit-trail.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";
import { formatClientTime } from "./client-format.ts";
import styles from "./clients.module.css";
import { MergeClientDialog } from "./merge-client-dialog.tsx";

const TEXT_FIELDS = [
  ["first_name", "Clients.first_name", true],
  ["last_name", "Clients.last_name", true],
  ["email", "Clients.email", false],
  ["cell_phone", "Clients.phone", false],
  ["external_id", "Clients.external_id", false],
] as const;

type Props = {
  client: ClientResource;
  reload: () => void;
  /** kept by the page: a save changes the version, which renews this form */
  saved: string;
  setSaved: (message: string) => void;
};

export function ClientDetails({ client, reload, saved, setSaved }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const me = useStaffSession();
  const manageable = hasPermission(me, "clients.manage");
  const a = client.attributes;
  const update = useUpdateClient(client.id);
  const [merging, setMerging] = useState(false);
  const [values, setValues] = useState({
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email ?? "",
    cell_phone: a.cell_phone ?? "",
    external_id: a.external_id ?? "",
    notes: a.notes ?? "",
    lang: a.lang,
    receive_sms: a.receive_sms,
  });
  const errors = fieldErrorsOf(update.error);
  const conflict = update.error instanceof ApiError && update.error.status === 409;
  const at = (field: string) => errors.get(`/data/attributes/${field}`);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const orNull = (text: string) => (text.trim() === "" ? null : text);

  function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setSaved("");
    update.mutate(
      {
        version: a.version,
        attributes: {
          first_name: values.first_name,
          last_name: values.last_name,
          email: orNull(values.email),
          cell_phone: orNull(values.cell_phone),
          external_id: orNull(values.external_id),
          notes: orNull(values.notes),
          lang: values.lang as (typeof LOCALES)[number],
          receive_sms: values.receive_sms,
        },
      },
      { onSuccess: () => setSaved(t("Clients.saved")) },
    );
  }

  const labels: Record<string, string> = {
    first_name: t("Clients.first_name"),
    last_name: t("Clients.last_name"),
    email: t("Clients.email"),
    cell_phone: t("Clients.phone"),
    external_id: t("Clients.external_id"),
    notes: t("Clients.notes"),
    lang: t("Clients.lang"),
    receive_sms: t("Clients.receive_sms"),
    merged_client_id: t("Clients.merged_client"),
    merged_into_id: t("Clients.merged_into"),
  };

  return (
    <>
      <div role="status" aria-live="polite" className={saved ? controls.notice : undefined}>
        {saved}
      </div>
      {update.isError && (conflict || errors.size === 0) && (
        <div className={controls.alert} role="alert">
          <p>{describeError(intl, update.error)}</p>
          {conflict && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={reload}
            >
              {t("Clients.load_current")}
            </button>
          )}
        </div>
      )}
      <form className={styles.panel} onSubmit={save} noValidate aria-labelledby="client-contact">
        <h2 id="client-contact">{t("Clients.contact_details")}</h2>
        <p className={styles.muted}>
          {a.last_seen_at
            ? t("Clients.last_seen_at", { at: formatClientTime(intl, a.last_seen_at) })
            : t("Clients.never_seen")}
        </p>
        {!manageable && <p className={controls.notice}>{t("Clients.read_only")}</p>}
        <fieldset disabled={!manageable} className={styles.grid}>
          {TEXT_FIELDS.map(([field, label, required]) => (
            <Field key={field} label={t(label)} error={at(field)} required={required}>
              {(control) => (
                <input
                  {...control}
                  className={controls.input}
                  value={values[field]}
                  onChange={set(field)}
                  {...(field === "email" ? { type: "email", autoComplete: "off" } : {})}
                  {...(field === "cell_phone" ? { type: "tel", autoComplete: "off" } : {})}
                />
              )}
            </Field>
          ))}
          <Field label={t("Clients.lang")} error={at("lang")}>
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
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={values.receive_sms}
              onChange={(event) => setValues((v) => ({ ...v, receive_sms: event.target.checked }))}
            />
            {t("Clients.receive_sms")}
          </label>
          <Field label={t("Clients.notes")} error={at("notes")}>
            {(control) => (
              <textarea
                {...control}
                className={controls.input}
                rows={3}
                value={values.notes}
                onChange={set("notes")}
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
              {t("Clients.save")}
            </button>
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              onClick={() => setMerging(true)}
            >
              {t("Clients.merge_open")}
            </button>
          </div>
        )}
      </form>
      {manageable && (
        <MergeClientDialog
          isOpen={merging}
          client={client}
          onClose={() => setMerging(false)}
          onMerged={(name) => {
            setMerging(false);
            setSaved(t("Clients.merged", { name }));
          }}
        />
      )}
      {manageable && (
        <AuditTrail
          subjectType="client"
          subjectId={client.id}
          labelOf={(attribute) => labels[attribute]}
        />
      )}
    </>
  );
}

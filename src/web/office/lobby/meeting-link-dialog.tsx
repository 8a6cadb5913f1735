// Gives a video visit its meeting link, and optionally a dial-in number and PIN for joining by
// phone: the visitor's page shows "Join the call" with them once the meeting starts (spec §2).
// Empty fields remove what was set. Refusals show beside their field. Three fields need no form
// library, which keeps it out of the lobby's first load.
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import type { QueueAppointmentChange } from "../../api/office/update-queue-appointment.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "../../ui/modal-dialog.module.css";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { visitorName } from "./use-lobby-actions.ts";

type Values = { link: string; number: string; pin: string };
type Change = Pick<QueueAppointmentChange, "meeting_link" | "dial_in">;

/** The server's rule (src/shared/contracts/queue-appointment-patch.ts): an https address with a domain. */
export function isMeetingLink(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname.includes(".");
}

const PIN = /^[0-9*#]{1,20}$/;

export function meetingChange(values: Values): Change {
  const link = values.link.trim();
  const number = values.number.trim();
  const pin = values.pin.trim();
  return {
    meeting_link: link === "" ? null : link,
    dial_in: number === "" ? null : { e164: number, pin: pin === "" ? null : pin },
  };
}

type Props = {
  entry: LobbyEntry;
  onClose: () => void;
  onSave: (change: Change) => Promise<unknown>;
};

export function MeetingLinkDialog({ entry, onClose, onSave }: Props) {
  const intl = useIntl();
  const a = entry.attributes;
  const t = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState<Values>({
    link: a.meeting_link ?? "",
    number: a.dial_in?.e164 ?? "",
    pin: a.dial_in?.pin ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values | "root", string>>>({});
  const [saving, setSaving] = useState(false);
  const fields = {
    link: useRef<HTMLInputElement>(null),
    number: useRef<HTMLInputElement>(null),
    pin: useRef<HTMLInputElement>(null),
  };
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  /** Shows the errors and focuses the first field that has one. */
  const show = (found: typeof errors) => {
    setErrors(found);
    const first = (["link", "number", "pin"] as const).find((name) => found[name]);
    if (first) fields[first].current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const change = meetingChange(values);
    const found: typeof errors = {};
    if (change.meeting_link && !isMeetingLink(change.meeting_link))
      found.link = t("Lobby.meeting_link_invalid");
    if (change.dial_in === null && values.pin.trim() !== "")
      found.number = t("Office.pin_needs_number");
    if (change.dial_in?.pin && !PIN.test(change.dial_in.pin))
      found.pin = t("Lobby.dial_in_pin_invalid");
    if (Object.keys(found).length > 0) return show(found);
    setSaving(true);
    try {
      await onSave(change);
      onClose();
    } catch (error) {
      const refused = fieldErrorsOf(error);
      const byServer: typeof errors = {
        link: refused.get("/data/attributes/meeting_link"),
        number:
          refused.get("/data/attributes/dial_in/e164") ?? refused.get("/data/attributes/dial_in"),
        pin: refused.get("/data/attributes/dial_in/pin"),
      };
      if (!byServer.link && !byServer.number && !byServer.pin)
        byServer.root = describeError(intl, error);
      show(byServer);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={intl.formatMessage({ id: "Office.meeting_link_title" }, { name: visitorName(entry) })}
    >
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        {errors.root && (
          <p className={controls.alert} role="alert">
            {errors.root}
          </p>
        )}
        <Field
          label={t("Office.meeting_link")}
          hint={t("Office.meeting_link_hint")}
          error={errors.link}
        >
          {(control) => (
            <input
              {...control}
              ref={fields.link}
              value={values.link}
              onChange={set("link")}
              className={controls.input}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
            />
          )}
        </Field>
        <Field
          label={t("Office.dial_in_number")}
          hint={t("Office.dial_in_hint")}
          error={errors.number}
          markOptional
        >
          {(control) => (
            <input
              {...control}
              ref={fields.number}
              value={values.number}
              onChange={set("number")}
              className={controls.input}
              type="tel"
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t("Office.dial_in_pin")} error={errors.pin} markOptional>
          {(control) => (
            <input
              {...control}
              ref={fields.pin}
              value={values.pin}
              onChange={set("pin")}
              className={controls.input}
              inputMode="numeric"
              autoComplete="off"
            />
          )}
        </Field>
        <div className={styles.buttons}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onClose}
          >
            {t("Office.cancel")}
          </button>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={saving || undefined}
          >
            {t("Office.save")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

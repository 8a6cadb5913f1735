// Gives a video visit its meeting link, and optionally a dial-in number and PIN for joining by
// phone: the visitor's page shows "Join the call" with them once the meeting starts (spec §2).
// Empty fields remove what was set. Refusals show beside their field.
import { useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import type { QueueAppointmentChange } from "../../api/office/update-queue-appointment.ts";
import controls from "../forms/controls.module.css";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { Field } from "../forms/field.tsx";
import styles from "./dialog-frame.module.css";
import { DialogFrame } from "./dialog-frame.tsx";
import { visitorName } from "./use-lobby-actions.ts";

type Values = { link: string; number: string; pin: string };
type Change = Pick<QueueAppointmentChange, "meeting_link" | "dial_in">;

/** The server's rule (src/server/lobby/queue-appointment-patch.ts): an https address with a domain. */
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      link: a.meeting_link ?? "",
      number: a.dial_in?.e164 ?? "",
      pin: a.dial_in?.pin ?? "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(meetingChange(values));
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const link = fields.get("/data/attributes/meeting_link");
      const number =
        fields.get("/data/attributes/dial_in/e164") ?? fields.get("/data/attributes/dial_in");
      const pin = fields.get("/data/attributes/dial_in/pin");
      if (link) setError("link", { message: link }, { shouldFocus: true });
      if (number) setError("number", { message: number }, { shouldFocus: !link });
      if (pin) setError("pin", { message: pin }, { shouldFocus: !link && !number });
      if (!link && !number && !pin) setError("root", { message: describeError(intl, error) });
    }
  });

  return (
    <DialogFrame
      isOpen
      onClose={onClose}
      title={intl.formatMessage({ id: "Office.meeting_link_title" }, { name: visitorName(entry) })}
    >
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        {errors.root?.message && (
          <p className={controls.alert} role="alert">
            {errors.root.message}
          </p>
        )}
        <Field
          label={t("Office.meeting_link")}
          hint={t("Office.meeting_link_hint")}
          error={errors.link?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register("link", {
                validate: (value) =>
                  value.trim() === "" ||
                  isMeetingLink(value.trim()) ||
                  t("Lobby.meeting_link_invalid"),
              })}
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
          error={errors.number?.message}
          markOptional
        >
          {(control) => (
            <input
              {...control}
              {...register("number", {
                validate: (value, values) =>
                  value.trim() !== "" || values.pin.trim() === "" || t("Office.pin_needs_number"),
              })}
              className={controls.input}
              type="tel"
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t("Office.dial_in_pin")} error={errors.pin?.message} markOptional>
          {(control) => (
            <input
              {...control}
              {...register("pin", {
                validate: (value) =>
                  value.trim() === "" || PIN.test(value.trim()) || t("Lobby.dial_in_pin_invalid"),
              })}
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
            aria-disabled={isSubmitting || undefined}
          >
            {t("Office.save")}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}

// The add-walk-in form's ways to reach the visitor, each shown, optional or required as the
// vendor's contact options say (spec §5); a phone visit always needs the phone.
import { useFormContext } from "react-hook-form";
import { useIntl } from "react-intl";
import { MEETING_METHODS } from "../../../shared/domain.ts";
import type { CallbackContactOptions } from "../../../shared/vendor-settings.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./walk-in-form.module.css";
import type { WalkInValues } from "./walk-in-values.ts";

type Props = { contact: CallbackContactOptions; smsOffered: boolean };

export function WalkInContactFields({ contact, smsOffered }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<WalkInValues>();
  const phoneVisit = Number(watch("meeting_method")) === MEETING_METHODS.phone;
  const showSms =
    smsOffered && contact.sms_notifications !== "hidden" && watch("cell_phone").trim() !== "";
  return (
    <>
      <div className={styles.grid}>
        {(contact.mobile_phone !== "hidden" || phoneVisit) && (
          <Field
            label={t("Office.mobile_phone")}
            hint={t("Office.phone_hint")}
            error={errors.cell_phone?.message}
            required={contact.mobile_phone === "required" || phoneVisit}
            markOptional
          >
            {(control) => (
              <input
                {...control}
                {...register("cell_phone")}
                className={controls.input}
                type="tel"
                autoComplete="off"
              />
            )}
          </Field>
        )}
        {contact.email !== "hidden" && (
          <Field
            label={t("Office.email")}
            error={errors.email?.message}
            required={contact.email === "required"}
            markOptional
          >
            {(control) => (
              <input
                {...control}
                {...register("email")}
                className={controls.input}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        )}
      </div>
      {showSms &&
        (contact.sms_notifications === "required" ? (
          <p className={styles.note}>{t("Office.sms_required_note")}</p>
        ) : (
          <label className={styles.checkbox}>
            <input type="checkbox" {...register("receive_sms")} />
            {t("Office.sms_opt_in")}
          </label>
        ))}
    </>
  );
}

// The text-message opt-in (spec §5): usable once a phone number is typed; when the vendor requires
// text messages it is ticked and fixed, since the join sends receive_sms true anyway.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { useFormContext, useWatch } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import type { CallbackFormValues } from "./form-values.ts";

type Props = {
  required: boolean;
  /** what the messages are about; the queue's place in line by default */
  labelId?: string;
};

export function SmsOptIn({ required, labelId = "Form.sms_opt_in" }: Props) {
  const { register } = useFormContext<CallbackFormValues>();
  const phone = useWatch<CallbackFormValues, "cell_phone">({ name: "cell_phone" });
  const hasPhone = phone.trim() !== "";
  const id = useId();
  const hintId = `${id}-hint`;
  const waitsForPhone = !hasPhone && !required;
  return (
    <div className={styles.field}>
      <label className={styles.choice} htmlFor={id}>
        {required ? (
          <input id={id} type="checkbox" checked disabled readOnly />
        ) : (
          <input
            id={id}
            type="checkbox"
            disabled={!hasPhone}
            aria-describedby={waitsForPhone ? hintId : undefined}
            {...register("receive_sms")}
          />
        )}
        <span>
          <FormattedMessage id={labelId} />
          {required && (
            <span className={styles.requirement}>
              {" "}
              <FormattedMessage id="Form.required" />
            </span>
          )}
        </span>
      </label>
      {waitsForPhone && (
        <p id={hintId} className={styles.hint}>
          <FormattedMessage id="Form.sms_needs_phone" />
        </p>
      )}
    </div>
  );
}

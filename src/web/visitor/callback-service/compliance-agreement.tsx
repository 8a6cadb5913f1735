// The explicit compliance agreement (spec §5): an "I accept" tick box, read together with the
// statement and terms it accepts; the form cannot be sent until it is ticked.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { useFormContext } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { describedBy, FieldError } from "./field-error.tsx";
import type { CallbackFormValues } from "./form-values.ts";

/** `statementIds`: the elements holding what the visitor accepts (pre-booking statement, terms). */
export function ComplianceAgreement({ statementIds }: { statementIds: readonly string[] }) {
  const { register, formState } = useFormContext<CallbackFormValues>();
  const id = useId();
  const error = formState.errors.explicit_compliance_agreement;
  return (
    <div className={styles.field}>
      <label className={styles.choice}>
        <input
          type="checkbox"
          aria-required="true"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(...statementIds, `${id}-error`)}
          {...register("explicit_compliance_agreement")}
        />
        <span>
          <FormattedMessage id="Form.compliance_accept" />
        </span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

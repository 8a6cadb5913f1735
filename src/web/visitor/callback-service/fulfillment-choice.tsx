// Walk in or curbside pickup (spec §2, §4): offered only when the chosen service allows both here;
// otherwise the service decides and nothing is asked.
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { FULFILLMENT_METHODS, type FulfillmentMethod } from "../../../shared/domain.ts";
import { useFormContext } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { FieldError } from "./field-error.tsx";
import { FieldLabel } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";

export function FulfillmentChoice({ allowed }: { allowed: readonly FulfillmentMethod[] }) {
  const { register, formState } = useFormContext<CallbackFormValues>();
  const id = useId();
  return (
    <fieldset className={styles.group} aria-describedby={`${id}-error`}>
      <FieldLabel as="legend" requirement={null}>
        <FormattedMessage id="Form.fulfillment" />
      </FieldLabel>
      <div className={styles.choices}>
        {allowed.map((method) => (
          <label key={method} className={styles.choice}>
            <input type="radio" value={String(method)} {...register("fulfillment_method")} />
            <FormattedMessage
              id={method === FULFILLMENT_METHODS.curbside ? "Form.curbside" : "Form.walk_in"}
            />
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={formState.errors.fulfillment_method} />
    </fieldset>
  );
}

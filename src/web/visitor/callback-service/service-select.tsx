// The service dropdown (spec §2 first form section): the location's services in the page language,
// a native select (the platform's own accessible picker), with the chosen service's instructions.
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import { useFormContext, useWatch } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { describedBy, FieldError } from "./field-error.tsx";
import { FieldLabel } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";

type Props = { services: readonly ServiceOption[]; loading: boolean };

export function ServiceSelect({ services, loading }: Props) {
  const intl = useIntl();
  const { register, formState } = useFormContext<CallbackFormValues>();
  const selected = useWatch<CallbackFormValues, "service_id">({ name: "service_id" });
  const instructions = services.find((service) => service.value === selected)?.instructions;
  const id = useId();
  const error = formState.errors.service_id;
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} requirement="required">
        <FormattedMessage id="Form.service" />
      </FieldLabel>
      <select
        id={id}
        className={styles.select}
        aria-busy={loading}
        aria-required="true"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(instructions && `${id}-hint`, `${id}-error`)}
        {...register("service_id")}
      >
        <option value="">
          {intl.formatMessage({
            id: loading ? "Form.services_loading" : "Form.service_placeholder",
          })}
        </option>
        {services.map((service) => (
          <option key={service.value} value={service.value}>
            {service.text}
          </option>
        ))}
      </select>
      {instructions && (
        <p id={`${id}-hint`} className={styles.hint}>
          {instructions}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

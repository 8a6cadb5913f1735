// One labelled text input of the form, registered with the form store, with its requirement mark,
// optional hint and error line wired through aria-describedby.
import { type ChangeEvent, type HTMLInputTypeAttribute, useId } from "react";
import { FormattedMessage } from "react-intl";
import {
  type FieldError as FieldErrorType,
  get,
  type RegisterOptions,
  useFormContext,
} from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { describedBy, FieldError } from "./field-error.tsx";
import { FieldLabel, type Requirement } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";

type TextFieldName =
  | "first_name"
  | "last_name"
  | "email"
  | "notes"
  | "car_details.make"
  | "car_details.model"
  | "car_details.colour"
  | "car_details.parking_space";

type Props = {
  name: TextFieldName;
  labelId: string;
  requirement: Requirement | null;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  /** a textarea of this many rows instead of an input */
  rows?: number;
  hintId?: string;
  /** rewrites the text as it is typed (e.g. spaces out of an email address) */
  normalise?: (value: string) => string;
  options?: RegisterOptions<CallbackFormValues, TextFieldName>;
};

export function TextField(props: Props) {
  const { name, requirement, rows, normalise } = props;
  const { register, formState } = useFormContext<CallbackFormValues>();
  const id = useId();
  const error: FieldErrorType | undefined = get(formState.errors, name);
  const field = register(name, props.options);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (normalise) {
      const clean = normalise(event.target.value);
      if (clean !== event.target.value) event.target.value = clean;
    }
    return field.onChange(event);
  };
  const shared = {
    id,
    ...field,
    onChange,
    "aria-required": requirement === "required" || undefined,
    "aria-invalid": Boolean(error),
    "aria-describedby": describedBy(props.hintId && `${id}-hint`, `${id}-error`),
    autoComplete: props.autoComplete,
  };
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} requirement={requirement}>
        <FormattedMessage id={props.labelId} />
      </FieldLabel>
      {props.hintId && (
        <p id={`${id}-hint`} className={styles.hint}>
          <FormattedMessage id={props.hintId} />
        </p>
      )}
      {rows ? (
        <textarea className={styles.textarea} rows={rows} {...shared} />
      ) : (
        <input className={styles.input} type={props.type ?? "text"} {...shared} />
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

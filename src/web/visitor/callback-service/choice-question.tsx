// A checkbox group or radio question: a fieldset whose legend is the question. Checkbox answers
// are the list of ticked option ids (spec §5), kept as one value so a group of one stays a list.
import { Controller, useFormContext } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { describedBy } from "./field-error.tsx";
import { FieldLabel } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import type { QuestionFieldProps } from "./question-field.tsx";

export function ChoiceQuestion({ question, name, ids, invalid }: QuestionFieldProps) {
  const { control, register } = useFormContext<CallbackFormValues>();
  const { label, placeholder: help, required, options, type } = question.attributes;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy(help && ids.hint, ids.error)}>
      <FieldLabel as="legend" requirement={required ? "required" : "optional"}>
        {label}
      </FieldLabel>
      {help && (
        <p id={ids.hint} className={styles.hint}>
          {help}
        </p>
      )}
      <div className={styles.choices}>
        {type === "radio" ? (
          options.map((option) => (
            <label key={option.value} className={styles.choice}>
              <input
                type="radio"
                value={String(option.value)}
                aria-invalid={invalid}
                {...register(name)}
              />
              <span>{option.text}</span>
            </label>
          ))
        ) : (
          <Controller
            control={control}
            name={name}
            defaultValue={[]}
            render={({ field }) => {
              const ticked = Array.isArray(field.value) ? field.value : [];
              return (
                <>
                  {options.map((option, index) => {
                    const value = String(option.value);
                    return (
                      <label key={option.value} className={styles.choice}>
                        <input
                          ref={index === 0 ? field.ref : undefined}
                          type="checkbox"
                          name={field.name}
                          value={value}
                          checked={ticked.includes(value)}
                          aria-invalid={invalid}
                          onBlur={field.onBlur}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...ticked, value]
                                : ticked.filter((v) => v !== value),
                            )
                          }
                        />
                        <span>{option.text}</span>
                      </label>
                    );
                  })}
                </>
              );
            }}
          />
        )}
      </div>
    </fieldset>
  );
}

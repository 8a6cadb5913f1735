// One of the vendor's custom questions in the add-walk-in form (spec §3 Question): a text line, a
// text area, a drop-down, radio buttons or checkboxes, with its help text as a hint.
import type { UseFormRegister } from "react-hook-form";
import { useIntl } from "react-intl";
import type { QuestionResource } from "../../api/office/walk-in-questions.ts";
import { ChoiceGroup } from "../../ui/choice-group.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { answerField, type WalkInValues } from "./walk-in-values.ts";

type Props = {
  question: QuestionResource;
  register: UseFormRegister<WalkInValues>;
  error: string | undefined;
};

export function WalkInQuestionField({ question, register, error }: Props) {
  const intl = useIntl();
  const { type, label, placeholder, required, options } = question.attributes;
  const name = `answers.${answerField(question.id)}` as const;
  const hint = placeholder ?? undefined;

  if (type === "radio" || type === "checkbox")
    return (
      <ChoiceGroup
        legend={label}
        type={type}
        hint={hint}
        error={error}
        required={required}
        options={options.map((option) => ({ value: String(option.value), label: option.text }))}
        inputProps={register(name)}
      />
    );

  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) =>
        type === "select" ? (
          <select {...control} {...register(name)} className={controls.input}>
            <option value="">{intl.formatMessage({ id: "Office.choose" })}</option>
            {options.map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.text}
              </option>
            ))}
          </select>
        ) : type === "textarea" ? (
          <textarea {...control} {...register(name)} className={controls.input} rows={3} />
        ) : (
          <input {...control} {...register(name)} className={controls.input} type="text" />
        )
      }
    </Field>
  );
}

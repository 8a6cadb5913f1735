// One custom question by its type: a checkbox group, radio buttons, a dropdown, a line of text or
// a text area (spec §3 Question). The help text is its description; the label carries the mark.
import { useId } from "react";
import type { QuestionResource } from "../../api/questions.ts";
import {
  type FieldError as FieldErrorType,
  FormProvider,
  get,
  useForm,
  useFormContext,
} from "../../forms/form-store.ts";
import { ChoiceQuestion } from "./choice-question.tsx";
import { FieldError } from "./field-error.tsx";
import { answerFieldName, type CallbackFormValues } from "./form-values.ts";
import { SelectQuestion } from "./select-question.tsx";
import { TextQuestion } from "./text-question.tsx";

export type QuestionFieldProps = {
  question: QuestionResource;
  name: ReturnType<typeof answerFieldName>;
  /** ids for the label, help text and error line */
  ids: { field: string; hint: string; error: string };
  invalid: boolean;
};

export function QuestionField({ question }: { question: QuestionResource }) {
  const { formState } = useFormContext<CallbackFormValues>();
  const base = useId();
  const name = answerFieldName(question.id);
  const error: FieldErrorType | undefined = get(formState.errors, name);
  const props: QuestionFieldProps = {
    question,
    name,
    ids: { field: `${base}-field`, hint: `${base}-hint`, error: `${base}-error` },
    invalid: Boolean(error),
  };
  const type = question.attributes.type;
  return (
    <div>
      {type === "checkbox" || type === "radio" ? (
        <ChoiceQuestion {...props} />
      ) : type === "select" ? (
        <SelectQuestion {...props} />
      ) : (
        <TextQuestion {...props} />
      )}
      <FieldError id={props.ids.error} error={error} />
    </div>
  );
}

/**
 * The question in a form of its own, as the back office previews a question being edited: the
 * visitor's field, answerable, with nothing to send.
 */
export function QuestionFieldPreview({ question }: { question: QuestionResource }) {
  const form = useForm<CallbackFormValues>({
    defaultValues: { answers: {} } as unknown as CallbackFormValues,
  });
  return (
    <FormProvider {...form}>
      <QuestionField question={question} />
    </FormProvider>
  );
}

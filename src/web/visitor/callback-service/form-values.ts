// The callback form's values as the inputs hold them, and their translation into the shared join
// rules' input (JoinInput), so the browser checks exactly what the server will check.
import {
  FULFILLMENT_METHODS,
  type MeetingMethod,
  type QuestionType,
} from "../../../shared/domain.ts";
import type { JoinInput } from "../../../shared/queue/join-schema.ts";

export type AnswerFieldValue = string | string[];

export type CallbackFormValues = {
  service_id: string;
  /** "1" walk-in, "2" curbside, "" when the service decides */
  fulfillment_method: string;
  first_name: string;
  last_name: string;
  email: string;
  /** ISO country of the phone number as typed without "+" */
  phone_country: string;
  cell_phone: string;
  receive_sms: boolean;
  car_details: { make: string; model: string; colour: string; parking_space: string };
  /** keyed "q{question id}", so an answer's field name does not shift when the questions change */
  answers: Record<string, AnswerFieldValue>;
  notes: string;
  explicit_compliance_agreement: boolean;
};

export type FormQuestion = { id: number; type: QuestionType };

export const answerKey = (questionId: number | string) => `q${questionId}`;
export const answerFieldName = (questionId: number | string) =>
  `answers.${answerKey(questionId)}` as const;

export function emptyFormValues(defaults: {
  serviceId: string;
  phoneCountry: string;
}): CallbackFormValues {
  return {
    service_id: defaults.serviceId,
    fulfillment_method: "",
    first_name: "",
    last_name: "",
    email: "",
    phone_country: defaults.phoneCountry,
    cell_phone: "",
    receive_sms: false,
    car_details: { make: "", model: "", colour: "", parking_space: "" },
    answers: {},
    notes: "",
    explicit_compliance_agreement: false,
  };
}

function answerValue(question: FormQuestion, value: AnswerFieldValue | undefined) {
  if (question.type === "checkbox") return Array.isArray(value) ? value : [];
  if (typeof value !== "string" || value === "") return null;
  return value;
}

const orNull = (text: string) => (text.trim() === "" ? null : text);

export type JoinInputContext = {
  meetingMethod: MeetingMethod;
  questions: readonly FormQuestion[];
  /** the number in E.164 from what was typed and the chosen country ("" when nothing was typed) */
  phoneNumber: (typed: string, country: string) => string;
};

/** Every current question gets an entry, in order, so rule issues ["answers", i] find their field. */
export function toJoinInput(values: CallbackFormValues, context: JoinInputContext): JoinInput {
  const fulfillment =
    values.fulfillment_method === "" ? null : (Number(values.fulfillment_method) as 1 | 2);
  const car = values.car_details;
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: orNull(values.email),
    cell_phone: orNull(context.phoneNumber(values.cell_phone, values.phone_country)),
    receive_sms: values.receive_sms,
    notes: orNull(values.notes),
    meeting_method: context.meetingMethod,
    fulfillment_method: fulfillment,
    car_details:
      fulfillment === FULFILLMENT_METHODS.curbside
        ? {
            make: orNull(car.make),
            model: orNull(car.model),
            colour: orNull(car.colour),
            parking_space: orNull(car.parking_space),
          }
        : null,
    answers: context.questions.map((question) => ({
      question_id: question.id,
      value: answerValue(question, values.answers[answerKey(question.id)]),
    })),
    explicit_compliance_agreement: values.explicit_compliance_agreement,
  };
}

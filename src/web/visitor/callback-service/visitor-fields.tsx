// The visitor's own part of a form (spec §2 form sections, §5 rules), shared by the queue's form and
// an appointment's booking: first and last name; email and mobile phone as the vendor asks them
// (one group when either will do); the SMS opt-in; what the form puts next (the queue's car
// details); the service's questions, which wait for the contact details the vendor requires;
// notes; the vendor's pre-booking statement, the terms, and the compliance agreement.
import { lazy, type ReactNode, Suspense, useId } from "react";
import { FormattedMessage } from "react-intl";
import type { MeetingMethod } from "../../../shared/domain.ts";
import { contactNeededBeforeQuestions } from "../../../shared/queue/contact-rules.ts";
import { normaliseEmail } from "../../../shared/queue/free-text-rules.ts";
import type { QuestionResource } from "../../api/questions.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { useWatch } from "../../forms/form-store.ts";
import styles from "./callback-form.module.css";
import { ComplianceAgreement } from "./compliance-agreement.tsx";
import { CustomQuestions } from "./custom-questions.tsx";
import type { Requirement } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import { contactFields } from "./join-context.ts";
import { NameFields } from "./name-fields.tsx";
import { PhoneField } from "./phone-field.tsx";
import { SmsOptIn } from "./sms-opt-in.tsx";
import { TermsStatement } from "./terms-statement.tsx";
import { TextField } from "./text-field.tsx";

// Only for vendors that have a pre-booking statement: it brings DOMPurify with it.
const PreBookingStatement = lazy(() =>
  import("./pre-booking-statement.tsx").then((m) => ({ default: m.PreBookingStatement })),
);

type Props = {
  settings: VendorResource["attributes"];
  /** the way of meeting: a phone call needs the number */
  meetingMethod: MeetingMethod;
  kiosk: boolean;
  questions: readonly QuestionResource[];
  /** what the texts are about: the queue's place in line by default */
  smsLabelId?: string;
  /** shown between the SMS opt-in and the questions */
  children?: ReactNode;
};

const shown = (requirement: string) => requirement !== "hidden";
const asRequirement = (requirement: string) =>
  requirement === "required" ? "required" : "optional";

export function VisitorFields(props: Props) {
  const { settings, kiosk, questions } = props;
  const [email, phone] = useWatch<CallbackFormValues, readonly ["email", "cell_phone"]>({
    name: ["email", "cell_phone"],
  });
  const ids = { terms: useId(), statement: useId() };
  const contact = contactFields(settings, props.meetingMethod, kiosk);
  const clientView = settings.client_view;
  const statement = clientView.pre_booking_statement?.trim() || null;
  return (
    <>
      <NameFields autoComplete={!kiosk} />
      {contact.eitherContact ? (
        <fieldset className={styles.group}>
          <legend className={styles.label}>
            <FormattedMessage id="Form.email_or_phone" />
          </legend>
          {/* the form's own column and spacing, for the two fields under one legend */}
          <div className={`${styles.groupBody} ${styles.form}`}>
            <EmailField requirement={null} kiosk={kiosk} />
            <PhoneField requirement={null} autoComplete={!kiosk} />
          </div>
        </fieldset>
      ) : (
        <>
          {shown(contact.email) && (
            <EmailField requirement={asRequirement(contact.email)} kiosk={kiosk} />
          )}
          {shown(contact.phone) && (
            <PhoneField requirement={asRequirement(contact.phone)} autoComplete={!kiosk} />
          )}
        </>
      )}
      {shown(contact.sms) && (
        <SmsOptIn required={contact.sms === "required"} labelId={props.smsLabelId} />
      )}
      {props.children}
      <CustomQuestions
        questions={questions}
        contactFirstMessageId={contactNeededBeforeQuestions(settings.callback_contact_options, {
          email: email.trim() !== "",
          cellPhone: phone.trim() !== "",
        })}
      />
      {shown(contact.notes) && (
        <TextField
          name="notes"
          labelId="Form.notes"
          requirement={asRequirement(contact.notes)}
          rows={6}
        />
      )}
      {statement && (
        <Suspense fallback={null}>
          <PreBookingStatement id={ids.statement} html={statement} />
        </Suspense>
      )}
      {!kiosk && <TermsStatement id={ids.terms} />}
      {clientView.explicit_compliance_agreement && !kiosk && (
        <ComplianceAgreement
          statementIds={[statement ? ids.statement : null, ids.terms].filter(
            (id): id is string => id !== null,
          )}
        />
      )}
    </>
  );
}

function EmailField({ requirement, kiosk }: { requirement: Requirement | null; kiosk: boolean }) {
  return (
    <TextField
      name="email"
      labelId="Form.email"
      type="email"
      requirement={requirement}
      autoComplete={kiosk ? "off" : "email"}
      normalise={normaliseEmail}
      options={{ deps: ["cell_phone"] }}
    />
  );
}

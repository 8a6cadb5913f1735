// What the shared join rules need to know about this vendor, location, service and question set,
// and which contact fields the form shows and how (spec §5: hidden, optional or required).
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { JoinContext } from "../../../shared/queue/join-schema.ts";
import {
  asksMinimalKioskForm,
  minimalKioskContactOptions,
} from "../../../shared/queue/kiosk-form.ts";
import type { AnswerableQuestion } from "../../../shared/queue/question-answers.ts";
import type { ContactRequirement } from "../../../shared/vendor-settings.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { QuestionResource } from "../../api/questions.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";

type VendorAttributes = VendorResource["attributes"];

export function answerableQuestions(questions: readonly QuestionResource[]): AnswerableQuestion[] {
  return questions.map((question) => ({
    id: Number(question.id),
    type: question.attributes.type,
    required: question.attributes.required,
    optionIds: question.attributes.options.map((option) => option.value),
  }));
}

export function joinContextFor(options: {
  vendor: VendorAttributes;
  location: LocationResource;
  service: ServiceOption | null;
  questions: readonly QuestionResource[];
  kiosk: boolean;
}): JoinContext {
  const { vendor, location, service } = options;
  return {
    contactOptions: contactOptionsFor(vendor, options.kiosk),
    features: {
      notes_digit_validation: vendor.features.notes_digit_validation,
      curbside_pickup: vendor.features.curbside_pickup,
    },
    questions: answerableQuestions(options.questions),
    service: service && {
      supportsWalkin: service.supportsWalkin,
      supportsCurbsidePickup: service.supportsCurbsidePickup,
    },
    location: { supportsCurbsidePickup: location.attributes.supports_curbside_pickup },
    kiosk: options.kiosk,
    clientView: {
      explicit_compliance_agreement: vendor.client_view.explicit_compliance_agreement,
      sms_notifications: vendor.client_view.sms_notifications,
    },
  };
}

/** The vendor's contact options, or the minimal kiosk form's on a lobby kiosk that asks it. */
function contactOptionsFor(vendor: VendorAttributes, kiosk: boolean) {
  const options = vendor.callback_contact_options;
  return asksMinimalKioskForm(kiosk, vendor.client_view.kiosk)
    ? minimalKioskContactOptions(options)
    : options;
}

export type ContactFields = {
  email: ContactRequirement;
  phone: ContactRequirement;
  sms: ContactRequirement;
  notes: ContactRequirement;
  /**
   * Email and phone are both offered and neither is required, yet one of them is (spec §5: the
   * visitor is notified by one): the form asks for "one of the two" rather than marking each optional.
   */
  eitherContact: boolean;
};

/**
 * A phone callback needs the number whatever the settings say (the rules require it too). Off a
 * kiosk, a visitor is notified by email or phone: the one of them that is shown is then required.
 */
export function contactFields(
  vendor: VendorAttributes,
  meetingMethod: MeetingMethod,
  kiosk: boolean,
): ContactFields {
  const options = contactOptionsFor(vendor, kiosk);
  const phoneCall = meetingMethod === MEETING_METHODS.phone;
  let email: ContactRequirement = options.email;
  let phone: ContactRequirement = phoneCall ? "required" : options.mobile_phone;
  const notified = !kiosk && email !== "required" && phone !== "required";
  if (notified && email === "hidden" && phone === "optional") phone = "required";
  if (notified && phone === "hidden" && email === "optional") email = "required";
  return {
    email,
    phone,
    eitherContact: notified && email === "optional" && phone === "optional",
    sms:
      phone === "hidden" || !vendor.client_view.sms_notifications
        ? "hidden"
        : options.sms_notifications,
    notes: options.notes,
  };
}

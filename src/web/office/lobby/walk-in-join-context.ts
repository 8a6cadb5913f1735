// What the shared join rules need to judge a walk-in the way the server will (src/server/queue/
// load-join-context.ts): the vendor's contact options and flags, the chosen service, its questions.
// The desk is treated like a kiosk, as on the server: no notify-me contact and no agreement needed.
import { MEETING_METHODS } from "../../../shared/domain.ts";
import type { JoinContext } from "../../../shared/queue/join-schema.ts";
import type { CallbackContactOptions } from "../../../shared/vendor-settings.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { QuestionResource } from "../../api/office/walk-in-questions.ts";
import type { ServiceOption } from "../../api/office/walk-in-services.ts";
import type { VendorResource } from "../../api/vendor.ts";

type VendorAttributes = VendorResource["attributes"] | null;

const OPTIONAL_CONTACTS: CallbackContactOptions = {
  email: "optional",
  mobile_phone: "optional",
  sms_notifications: "optional",
  notes: "optional",
};

export function contactOptionsOf(vendor: VendorAttributes): CallbackContactOptions {
  return vendor?.callback_contact_options ?? OPTIONAL_CONTACTS;
}

export function walkInJoinContext(
  vendor: VendorAttributes,
  service: ServiceOption | null,
  questions: readonly QuestionResource[],
): JoinContext {
  return {
    contactOptions: contactOptionsOf(vendor),
    features: {
      notes_digit_validation: vendor?.features.notes_digit_validation ?? false,
      curbside_pickup: vendor?.features.curbside_pickup ?? false,
    },
    questions: questions.map((question) => ({
      id: Number(question.id),
      type: question.attributes.type,
      required: question.attributes.required,
      optionIds: question.attributes.options.map((option) => option.value),
    })),
    // The service option already says what it allows at this location with the vendor's flags.
    service: service && {
      supportsWalkin: service.supportsWalkin,
      supportsCurbsidePickup: service.supportsCurbsidePickup,
    },
    location: { supportsCurbsidePickup: service?.supportsCurbsidePickup ?? false },
    kiosk: true,
    clientView: {
      explicit_compliance_agreement: false,
      sms_notifications: vendor?.client_view.sms_notifications ?? true,
    },
  };
}

/**
 * The meeting methods the location takes with the vendor's flags (spec §6). A location missing
 * from the public list (a private one) offers what the vendor allows; the server has the last word.
 */
export function meetingMethodsAt(
  vendor: VendorAttributes,
  location: LocationResource | undefined,
): (1 | 2 | 3)[] {
  const features = vendor?.features;
  const a = location?.attributes;
  const methods: (1 | 2 | 3)[] = [];
  if ((features?.in_person_callbacks ?? true) && (a?.supports_in_person ?? true))
    methods.push(MEETING_METHODS.in_person);
  if ((features?.phone_callbacks ?? true) && (a?.supports_phone ?? true))
    methods.push(MEETING_METHODS.phone);
  if ((features?.video_meetings ?? true) && (a?.supports_video ?? true))
    methods.push(MEETING_METHODS.video);
  return methods;
}

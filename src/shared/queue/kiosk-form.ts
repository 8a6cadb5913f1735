// What a lobby kiosk's form asks (spec §4 Kiosk): by default only the name and an optional mobile
// number, so a visitor standing at the screen joins in a few taps; the vendor may ask the client
// view's whole form instead. The join route then requires nothing the minimal form does not ask,
// while still taking what a kiosk of the vendor's own sends.
import type {
  CallbackContactOptions,
  ContactRequirement,
  KioskOptions,
} from "../vendor-settings.ts";

export function asksMinimalKioskForm(kiosk: boolean, options: Pick<KioskOptions, "form_fields">) {
  return kiosk && options.form_fields === "minimal";
}

/** The fields the minimal kiosk form shows: no email and no notes, the mobile number optional. */
export function minimalKioskContactOptions(
  options: CallbackContactOptions,
): CallbackContactOptions {
  return {
    email: "hidden",
    mobile_phone: options.mobile_phone === "hidden" ? "hidden" : "optional",
    sms_notifications: options.sms_notifications,
    notes: "hidden",
  };
}

const optionalIfRequired = (requirement: ContactRequirement): ContactRequirement =>
  requirement === "required" ? "optional" : requirement;

/** What the join route requires of a minimal kiosk's join: nothing beyond the name. */
export function minimalKioskJoinRules<Q extends { required: boolean }>(
  options: CallbackContactOptions,
  questions: readonly Q[],
): { contactOptions: CallbackContactOptions; questions: Q[] } {
  return {
    contactOptions: {
      email: optionalIfRequired(options.email),
      mobile_phone: optionalIfRequired(options.mobile_phone),
      sms_notifications: optionalIfRequired(options.sms_notifications),
      notes: optionalIfRequired(options.notes),
    },
    questions: questions.map((question) => ({ ...question, required: false })),
  };
}

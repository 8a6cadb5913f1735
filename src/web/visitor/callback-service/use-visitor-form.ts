// The visitor form's store and rules, shared by the queue's form and an appointment's booking: the
// form store validated by the shared join rules (callback-form-resolver.ts) for the chosen service
// (the form's own `service_id`) and the questions asked for it. The rules' chunk (zod) is
// prefetched once the page is idle; a validation before that waits for it.
import { useEffect, useMemo, useRef } from "react";
import type { MeetingMethod } from "../../../shared/domain.ts";
import type { JoinRequest } from "../../../shared/queue/join-schema.ts";
import { asksMinimalKioskForm } from "../../../shared/queue/kiosk-form.ts";
import type { LocationResource } from "../../api/locations.ts";
import { useQuestions } from "../../api/questions.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { type UseFormReturn, useForm, useWatch } from "../../forms/form-store.ts";
import { whenIdle } from "../../ui/when-idle.ts";
import { type CallbackFormContext, callbackFormResolver } from "./callback-form-resolver.ts";
import { defaultPhoneCountry } from "./default-phone-country.ts";
import { type CallbackFormValues, emptyFormValues } from "./form-values.ts";
import { joinContextFor } from "./join-context.ts";
import { loadJoinRules } from "./load-join-rules.ts";

export type VisitorForm = UseFormReturn<CallbackFormValues, unknown, JoinRequest>;

type Options = {
  vendor: VendorResource["attributes"];
  location: LocationResource;
  /** the services the form's `service_id` chooses from */
  services: readonly ServiceOption[];
  /** the service chosen at first ("" for none) */
  serviceId: string;
  meetingMethod: MeetingMethod;
  kiosk: boolean;
};

export function useVisitorForm(options: Options) {
  const { vendor, location, kiosk } = options;
  const rules = useRef<CallbackFormContext | null>(null);
  const resolver = useMemo(
    () =>
      callbackFormResolver(() => {
        if (!rules.current) throw new Error("the form validated before its first render");
        return rules.current;
      }),
    [],
  );
  useEffect(() => whenIdle(() => void loadJoinRules()), []);
  const form: VisitorForm = useForm<CallbackFormValues, unknown, JoinRequest>({
    mode: "onChange",
    resolver,
    defaultValues: emptyFormValues({
      serviceId: options.serviceId,
      phoneCountry: defaultPhoneCountry(location.attributes.country),
    }),
  });
  const serviceId = useWatch({ control: form.control, name: "service_id" });
  const service = options.services.find((option) => option.value === serviceId) ?? null;
  // The minimal kiosk form asks no questions (src/shared/queue/kiosk-form.ts).
  const asksQuestions = !asksMinimalKioskForm(kiosk, vendor.client_view.kiosk);
  const questionsQuery = useQuestions(asksQuestions ? (service?.value ?? null) : null);
  const questions = useMemo(
    () => (service && asksQuestions ? (questionsQuery.data ?? []) : []),
    [service, asksQuestions, questionsQuery.data],
  );
  const join = useMemo(
    () => joinContextFor({ vendor, location, service, questions, kiosk }),
    [vendor, location, service, questions, kiosk],
  );
  rules.current = { join, meetingMethod: options.meetingMethod, questions: join.questions };

  return {
    form,
    service,
    questions,
    questionsLoading: service !== null && asksQuestions && questionsQuery.isPending,
  };
}

// The form's state: the form store validated by the shared join rules for the chosen service and
// its questions; the service preselected (query `service`, or the only one), and the walk-in /
// curbside choice following the service (spec §4). The rules' chunk (zod) is prefetched once the
// page is idle; a validation before that waits for it.
import { useEffect, useMemo, useRef } from "react";
import {
  FULFILLMENT_METHODS,
  type FulfillmentMethod,
  MEETING_METHODS,
} from "../../../shared/domain.ts";
import { allowedFulfillments } from "../../../shared/queue/fulfillment.ts";
import type { JoinRequest } from "../../../shared/queue/join-schema.ts";
import { asksMinimalKioskForm } from "../../../shared/queue/kiosk-form.ts";
import type { LocationResource } from "../../api/locations.ts";
import { useQuestions } from "../../api/questions.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { useForm, useWatch } from "../../forms/form-store.ts";
import { whenIdle } from "../../ui/when-idle.ts";
import { type CallbackFormContext, callbackFormResolver } from "./callback-form-resolver.ts";
import { defaultPhoneCountry } from "./default-phone-country.ts";
import { type CallbackFormValues, emptyFormValues } from "./form-values.ts";
import { joinContextFor } from "./join-context.ts";
import { loadJoinRules } from "./load-join-rules.ts";
import type { CallbackPageQuery } from "./page-query.ts";
import { loadJoinRequest } from "./use-join-submission.ts";

/** The failed join's snackbar: a chunk of its own, as most joins succeed. */
export const loadErrorSnackbar = () => import("./error-snackbar.tsx");

type Options = {
  vendor: VendorResource["attributes"];
  location: LocationResource;
  services: readonly ServiceOption[];
  query: CallbackPageQuery;
};

export function useCallbackForm({ vendor, location, services, query }: Options) {
  const contextRef = useRef<CallbackFormContext | null>(null);
  const resolver = useMemo(
    () =>
      callbackFormResolver(() => {
        if (!contextRef.current) throw new Error("the form validated before its first render");
        return contextRef.current;
      }),
    [],
  );
  useEffect(
    () =>
      whenIdle(() => {
        void loadJoinRules();
        void loadErrorSnackbar();
        void loadJoinRequest();
      }),
    [],
  );
  const form = useForm<CallbackFormValues, unknown, JoinRequest>({
    mode: "onChange",
    resolver,
    defaultValues: emptyFormValues({
      serviceId: "",
      phoneCountry: defaultPhoneCountry(location.attributes.country),
    }),
  });
  const serviceId = useWatch({ control: form.control, name: "service_id" });
  const service = services.find((option) => option.value === serviceId) ?? null;
  // The minimal kiosk form asks no questions (src/shared/queue/kiosk-form.ts).
  const asksQuestions = !asksMinimalKioskForm(query.kiosk, vendor.client_view.kiosk);
  const questionsQuery = useQuestions(asksQuestions ? (service?.value ?? null) : null);
  const questions = useMemo(
    () => (service && asksQuestions ? (questionsQuery.data ?? []) : []),
    [service, asksQuestions, questionsQuery.data],
  );
  const join = useMemo(
    () => joinContextFor({ vendor, location, service, questions, kiosk: query.kiosk }),
    [vendor, location, service, questions, query.kiosk],
  );
  contextRef.current = { join, meetingMethod: query.meetingMethod, questions: join.questions };

  const byService: FulfillmentMethod[] = service
    ? allowedFulfillments({
        service,
        location: { supportsCurbsidePickup: location.attributes.supports_curbside_pickup },
        curbsideEnabled: vendor.features.curbside_pickup,
      })
    : [];
  const walkIn = FULFILLMENT_METHODS.walk_in;
  // Nobody comes to the car of a phone or video call, and a visitor marked walk_in is already
  // here: both walk in wherever the service allows it.
  const allowed =
    query.meetingMethod !== MEETING_METHODS.in_person
      ? [walkIn]
      : query.walkIn && byService.includes(walkIn)
        ? [walkIn]
        : byService;
  const allowedKey = allowed.join(",");

  useEffect(() => {
    if (services.length === 0) return;
    if (services.some((option) => option.value === form.getValues("service_id"))) return;
    const preselected =
      services.find((option) => option.value === query.serviceId) ??
      (services.length === 1 ? services[0] : undefined);
    form.setValue("service_id", preselected?.value ?? "");
  }, [services, query.serviceId, form]);

  useEffect(() => {
    // Walking in is first when both are open; the service decides otherwise.
    const [first] = allowedKey.split(",").filter(Boolean);
    form.setValue("fulfillment_method", first ?? "");
  }, [allowedKey, form]);

  return {
    form,
    service,
    questions,
    questionsLoading: service !== null && asksQuestions && questionsQuery.isPending,
    allowedFulfillments: allowed,
  };
}

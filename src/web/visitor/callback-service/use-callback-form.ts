// The form's state: the visitor form's store validated by the shared join rules for the chosen
// service and its questions (use-visitor-form.ts); the service preselected (query `service`, or the
// only one), and the walk-in / curbside choice following the service (spec §4).
import { useEffect } from "react";
import {
  FULFILLMENT_METHODS,
  type FulfillmentMethod,
  MEETING_METHODS,
} from "../../../shared/domain.ts";
import { allowedFulfillments } from "../../../shared/queue/fulfillment.ts";
import type { LocationResource } from "../../api/locations.ts";
import type { ServiceOption } from "../../api/queue-appointments-services.ts";
import type { VendorResource } from "../../api/vendor.ts";
import { whenIdle } from "../../ui/when-idle.ts";
import type { CallbackPageQuery } from "./page-query.ts";
import { loadJoinRequest } from "./use-join-submission.ts";
import { useVisitorForm } from "./use-visitor-form.ts";

/** The failed join's snackbar: a chunk of its own, as most joins succeed. */
export const loadErrorSnackbar = () => import("./error-snackbar.tsx");

type Options = {
  vendor: VendorResource["attributes"];
  location: LocationResource;
  services: readonly ServiceOption[];
  query: CallbackPageQuery;
};

export function useCallbackForm({ vendor, location, services, query }: Options) {
  useEffect(
    () =>
      whenIdle(() => {
        void loadErrorSnackbar();
        void loadJoinRequest();
      }),
    [],
  );
  const { form, service, questions, questionsLoading } = useVisitorForm({
    vendor,
    location,
    services,
    serviceId: "",
    meetingMethod: query.meetingMethod,
    kiosk: query.kiosk,
  });

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
    questionsLoading,
    allowedFulfillments: allowed,
  };
}

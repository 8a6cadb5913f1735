// A service as the callback form's dropdown item (spec §3 Service: text, value,
// supportsCurbsidePickup, supportsWalkin), with the fulfillments it really has at this location.
import type { ServiceOption } from "../../shared/contracts/service.ts";
import type { Locale } from "../../shared/domain.ts";
import { FULFILLMENT_METHODS } from "../../shared/domain.ts";
import { allowedFulfillments } from "../../shared/queue/fulfillment.ts";
import { serviceMeetingMethods } from "../../shared/services/meeting-methods.ts";
import { translated } from "../../shared/translations.ts";
import type { services } from "../db/schema.ts";

type ServiceRow = typeof services.$inferSelect;

export function presentServiceOption(
  service: ServiceRow,
  context: { locationSupportsCurbside: boolean; curbsideEnabled: boolean },
  locale: Locale,
): ServiceOption {
  const allowed = allowedFulfillments({
    service,
    location: { supportsCurbsidePickup: context.locationSupportsCurbside },
    curbsideEnabled: context.curbsideEnabled,
  });
  const name = translated(service.translations, "name", locale, service.name);
  return {
    id: String(service.id),
    name,
    instructions: service.instructions
      ? translated(service.translations, "instructions", locale, service.instructions)
      : null,
    text: name,
    value: String(service.id),
    supportsCurbsidePickup: allowed.includes(FULFILLMENT_METHODS.curbside),
    supportsWalkin: allowed.includes(FULFILLMENT_METHODS.walk_in),
    meetingMethods: serviceMeetingMethods(service),
  };
}

// Which fulfillment (walk-in or curbside) a service allows at a location (spec §4 Form flow):
// the service forces it unless it supports both and curbside is on for the location and vendor.
import { FULFILLMENT_METHODS, type FulfillmentMethod } from "../domain.ts";

export type FulfillmentContext = {
  service: { supportsWalkin: boolean; supportsCurbsidePickup: boolean };
  location: { supportsCurbsidePickup: boolean };
  /** the vendor's curbside_pickup feature flag */
  curbsideEnabled: boolean;
};

/** The fulfillment methods open to the visitor, in display order; empty when none is. */
export function allowedFulfillments(context: FulfillmentContext): FulfillmentMethod[] {
  const curbside =
    context.service.supportsCurbsidePickup &&
    context.location.supportsCurbsidePickup &&
    context.curbsideEnabled;
  const allowed: FulfillmentMethod[] = [];
  if (context.service.supportsWalkin) allowed.push(FULFILLMENT_METHODS.walk_in);
  if (curbside) allowed.push(FULFILLMENT_METHODS.curbside);
  return allowed;
}

/** True when the visitor picks (a radio choice); false when the service forces one method. */
export function visitorChoosesFulfillment(context: FulfillmentContext): boolean {
  return allowedFulfillments(context).length > 1;
}

// A front-desk walk-in document (src/shared/contracts/walk-in.ts) as the open join document of its
// location, so the open join's rules and pointers apply to it as they are.
import type { JoinDocument } from "../../shared/contracts/queue-appointment-join.ts";
import type { WalkInDocument } from "../../shared/contracts/walk-in.ts";

/** The open join document for the location, so the open join's rules and pointers apply as they are. */
export function joinDocumentOf(document: WalkInDocument, locationId: number): JoinDocument {
  const { booked_through: _channel, ...rest } = document.data.attributes;
  return { data: { ...document.data, attributes: { ...rest, location_id: locationId } } };
}

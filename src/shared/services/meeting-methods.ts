// The meeting methods a service is offered by (spec §4 queue meeting methods: 1 in person, 2 phone,
// 3 video), from its supports_* columns. A join needs the method at the location and for the service.
import { MEETING_METHODS, type MeetingMethod } from "../domain.ts";

export type ServiceMethodFlags = {
  supportsInPerson: boolean;
  supportsPhone: boolean;
  supportsVideo: boolean;
};

export function serviceMeetingMethods(service: ServiceMethodFlags): MeetingMethod[] {
  const methods: MeetingMethod[] = [];
  if (service.supportsInPerson) methods.push(MEETING_METHODS.in_person);
  if (service.supportsPhone) methods.push(MEETING_METHODS.phone);
  if (service.supportsVideo) methods.push(MEETING_METHODS.video);
  return methods;
}

export function serviceOffersMethod(service: ServiceMethodFlags, method: number): boolean {
  return (serviceMeetingMethods(service) as number[]).includes(method);
}

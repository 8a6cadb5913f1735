// The appointment booking steps and the booked appointment's page (spec §2 client booking steps):
// one chunk the app's router loads for every address its own routes do not know (router.tsx), so
// the entry that every visitor page loads carries none of them; any other address is not found.
// Each page is a lazy chunk of its own, inside the booking catalog part (`Booking.*`).
import { lazy, type ReactNode } from "react";
import { Route, Routes } from "../../routing/routing.tsx";
import { BookingMessages } from "./booking-messages.tsx";
import { formParts } from "./form-parts.ts";

// Rare here, and already a chunk of its own (the office's routes show it too).
const NotFoundPage = lazy(() =>
  import("../../ui/not-found-page.tsx").then((m) => ({ default: m.NotFoundPage })),
);

const pages = {
  service: () => import("./select-service-page.tsx"),
  location: () => import("./select-location-page.tsx"),
  locationChoice: () => import("./location-choice-page.tsx"),
  staff: () => import("./select-staff-page.tsx"),
  timeslot: () => import("./select-timeslot-page.tsx"),
  attendees: () => import("./select-attendees-page.tsx"),
  details: () => import("./attendee-details-page.tsx"),
  appointment: () => import("./appointment-page.tsx"),
};

const SelectServicePage = lazy(() =>
  pages.service().then((m) => ({ default: m.SelectServicePage })),
);
const SelectLocationPage = lazy(() =>
  pages.location().then((m) => ({ default: m.SelectLocationPage })),
);
const LocationChoicePage = lazy(() =>
  pages.locationChoice().then((m) => ({ default: m.LocationChoicePage })),
);
const SelectStaffPage = lazy(() => pages.staff().then((m) => ({ default: m.SelectStaffPage })));
const SelectTimeslotPage = lazy(() =>
  pages.timeslot().then((m) => ({ default: m.SelectTimeslotPage })),
);
const SelectAttendeesPage = lazy(() =>
  pages.attendees().then((m) => ({ default: m.SelectAttendeesPage })),
);
const AttendeeDetailsPage = lazy(() =>
  pages.details().then((m) => ({ default: m.AttendeeDetailsPage })),
);
const AppointmentPage = lazy(() =>
  pages.appointment().then((m) => ({ default: m.AppointmentPage })),
);

const PAGE_OF_SECTION: Record<string, keyof typeof pages> = {
  "select-service": "service",
  "select-location": "location",
  "select-staff": "staff",
  "select-timeslot": "timeslot",
  "select-attendees": "attendees",
  "attendee-details": "details",
  appointments: "appointment",
};

/** The page chunk of a booking address; the app's first page starts with this chunk (router.tsx). */
function preloadBookingPage(pathname: string): void {
  const [first = "", second] = pathname.toLowerCase().split("/").filter(Boolean);
  const page = first === "select-location" && second ? "locationChoice" : PAGE_OF_SECTION[first];
  if (page) void pages[page]();
  // The details step asks with the queue form's parts: they load beside its chunk.
  if (page === "details")
    formParts().catch((error: unknown) =>
      console.warn("the form's parts were not preloaded", error),
    );
}

if (typeof window !== "undefined") preloadBookingPage(window.location.pathname);

/** A booking page in the booking catalog part; other addresses are not found, without the part. */
const booking = (page: ReactNode) => <BookingMessages>{page}</BookingMessages>;

export function BookingRoutes() {
  return (
    <Routes>
      <Route path="select-service" element={booking(<SelectServicePage />)} />
      <Route path="select-location" element={booking(<SelectLocationPage />)} />
      <Route path="select-location/:locationId" element={booking(<LocationChoicePage />)} />
      <Route path="select-staff" element={booking(<SelectStaffPage />)} />
      <Route path="select-timeslot" element={booking(<SelectTimeslotPage />)} />
      <Route path="select-attendees" element={booking(<SelectAttendeesPage />)} />
      <Route path="attendee-details" element={booking(<AttendeeDetailsPage />)} />
      <Route path="appointments/confirmation" element={booking(<AppointmentPage />)} />
      <Route path="appointments/manage" element={booking(<AppointmentPage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

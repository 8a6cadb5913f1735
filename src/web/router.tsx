// The app's routes, on the app's own small router (routing/routing.tsx: React Router's declarative
// API in ~2 KB gz instead of ~14 KB; TanStack Query does the fetching). Pages are lazy chunks, so a
// visitor downloads only the page they open.
import { lazy } from "react";
import { type PageChunk, pageChunksFor } from "../shared/page-chunks.ts";
import { OfficeMessages } from "./i18n/office-messages.tsx";
import { LazyOfficeLayout } from "./office/shell/lazy-office-layout.tsx";
import { Route, Routes } from "./routing/routing.tsx";
import {
  ConfirmationRoute,
  loadConfirmationPage,
} from "./visitor/confirmation/confirmation-route.tsx";
import { TvModeSwitch } from "./visitor/tv/tv-mode-switch.tsx";
import { VisitorShell } from "./visitor/visitor-shell.tsx";

const HomePage = lazy(() =>
  import("./visitor/home/home-page.tsx").then((m) => ({ default: m.HomePage })),
);
// The back office: sign-in pages in the visitor frame (the vendor's brand), the rest in the staff shell.
const SignInPage = lazy(() =>
  import("./office/sign-in/sign-in-page.tsx").then((m) => ({ default: m.SignInPage })),
);
const ForgotPasswordPage = lazy(() =>
  import("./office/sign-in/forgot-password-page.tsx").then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import("./office/sign-in/reset-password-page.tsx").then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const SetupPage = lazy(() =>
  import("./office/setup/setup-page.tsx").then((m) => ({ default: m.SetupPage })),
);
// The signed-in back office: its page table is a lazy chunk of its own (office/office-routes.tsx),
// so that no visitor page's entry carries the office's routes. The entry knows only the first
// segment of each office address; a new office section is added here and there.
const OfficeRoutes = lazy(() =>
  import("./office/office-routes.tsx").then((m) => ({ default: m.OfficeRoutes })),
);
export const OFFICE_SECTIONS = [
  "lobby",
  "dashboard",
  "schedule",
  "messages",
  "jobs",
  "settings",
  "staff",
  "locations",
  "services",
  "groups",
  "rooms",
  "vendors",
  "hours",
  "clients",
  "cx-snippets-management",
  "forbidden",
  "manage-features",
  "synonyms-management",
] as const;

// The appointment booking steps and the booked appointment's page: a route table of their own in a
// lazy chunk (visitor/booking/booking-routes.tsx), reached through the catch-all route, whose
// "page not found" it also shows; so the entry every visitor page loads carries none of their
// addresses, only this one import and the test of preloadPageChunks.
const loadBookingRoutes = () => import("./visitor/booking/booking-routes.tsx");
const BookingRoutes = lazy(() => loadBookingRoutes().then((m) => ({ default: m.BookingRoutes })));
const BOOKING_PATH = /^\/(select-|attendee-details|appointments\/)/i;

const KioskLandingPage = lazy(() =>
  import("./visitor/kiosk/kiosk-landing-page.tsx").then((m) => ({
    default: m.KioskLandingPage,
  })),
);
const KioskWherePage = lazy(() =>
  import("./visitor/kiosk/kiosk-where-page.tsx").then((m) => ({ default: m.KioskWherePage })),
);
const LocationFinderPage = lazy(() =>
  import("./visitor/location-finder/location-finder-page.tsx").then((m) => ({
    default: m.LocationFinderPage,
  })),
);
const CallbackServicePage = lazy(() =>
  import("./visitor/callback-service/callback-service-page.tsx").then((m) => ({
    default: m.CallbackServicePage,
  })),
);

// The chunks preloadPageChunks can start (src/shared/page-chunks.ts names their modules), each
// behind its own function: alternatives written as `a ? import(x) : import(y)` get folded by the
// minifier into one preload call that carries the dependency list of only one of them.
const pageChunks: Record<PageChunk, () => Promise<unknown>> = {
  home: () => import("./visitor/home/home-page.tsx"),
  confirmation: loadConfirmationPage,
  finderPage: () => import("./visitor/location-finder/location-finder-page.tsx"),
  tv: () => import("./visitor/tv/tv-board-page.tsx"),
  callback: () => import("./visitor/callback-service/callback-service-page.tsx"),
  form: () => import("./visitor/callback-service/callback-form.tsx"),
  finder: () => import("./visitor/location-finder/location-finder.tsx"),
};

/**
 * Starts the code the opening page needs at once (main.tsx), in parallel with the vendor state and
 * the catalog, rather than after the first render found the page's lazy chunk: one or two round
 * trips less before the page is interactive. The lazy components above then find them loaded.
 */
export function preloadPageChunks(pathname: string, search: URLSearchParams): void {
  for (const chunk of pageChunksFor(pathname, search)) void pageChunks[chunk]();
  // The booking routes' chunk starts the page's own as it loads (booking-routes.tsx).
  if (BOOKING_PATH.test(pathname)) void loadBookingRoutes();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <OfficeMessages>
            <LazyOfficeLayout />
          </OfficeMessages>
        }
      >
        {OFFICE_SECTIONS.map((section) => (
          <Route key={section} path={`${section}/*`} element={<OfficeRoutes />} />
        ))}
      </Route>
      {/* mode=tv on a location's page shows its lobby board, outside the visitor frame. */}
      <Route
        element={
          <TvModeSwitch>
            <VisitorShell />
          </TvModeSwitch>
        }
      >
        <Route index element={<HomePage />} />
        <Route
          path="sign-in"
          element={
            <OfficeMessages>
              <SignInPage />
            </OfficeMessages>
          }
        />
        <Route
          path="forgot-password"
          element={
            <OfficeMessages>
              <ForgotPasswordPage />
            </OfficeMessages>
          }
        />
        <Route
          path="reset-password"
          element={
            <OfficeMessages>
              <ResetPasswordPage />
            </OfficeMessages>
          }
        />
        {/* The first start of an empty install: reachable signed out, before any vendor exists. */}
        <Route
          path="setup"
          element={
            <OfficeMessages>
              <SetupPage />
            </OfficeMessages>
          }
        />
        {/* Static segments outrank :locationId, so these never reach the form. */}
        <Route path="callback-service/confirmation" element={<ConfirmationRoute />} />
        <Route path="callback-service/manage" element={<ConfirmationRoute />} />
        <Route path="callback-service/location" element={<LocationFinderPage />} />
        <Route path="callback-service" element={<CallbackServicePage />} />
        <Route path="callback-service/:locationId" element={<CallbackServicePage />} />
        <Route path="how" element={<KioskLandingPage />} />
        <Route path="where" element={<KioskWherePage />} />
        <Route path="*" element={<BookingRoutes />} />
      </Route>
    </Routes>
  );
}

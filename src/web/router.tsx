// The app's routes, on the app's own small router (routing/routing.tsx: React Router's declarative
// API in ~2 KB gz instead of ~14 KB; TanStack Query does the fetching). Pages are lazy chunks, so a
// visitor downloads only the page they open.
import { lazy } from "react";
import { type PageChunk, pageChunksFor } from "../shared/page-chunks.ts";
import { OfficeMessages } from "./i18n/office-messages.tsx";
import { LazyOfficeLayout } from "./office/shell/lazy-office-layout.tsx";
import { Route, Routes } from "./routing/routing.tsx";
import { NotFoundPage } from "./ui/not-found-page.tsx";
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
const LobbyPage = lazy(() =>
  import("./office/lobby/lobby-page.tsx").then((m) => ({ default: m.LobbyPage })),
);
const DashboardPage = lazy(() =>
  import("./office/dashboard/dashboard-page.tsx").then((m) => ({ default: m.DashboardPage })),
);
const MessageLogPage = lazy(() =>
  import("./office/messages/message-log-page.tsx").then((m) => ({ default: m.MessageLogPage })),
);
const DeadJobsPage = lazy(() =>
  import("./office/jobs/dead-jobs-page.tsx").then((m) => ({ default: m.DeadJobsPage })),
);
const NotificationSettingsPage = lazy(() =>
  import("./office/notifications/notification-settings-page.tsx").then((m) => ({
    default: m.NotificationSettingsPage,
  })),
);
const StaffListPage = lazy(() =>
  import("./office/staff/staff-list-page.tsx").then((m) => ({ default: m.StaffListPage })),
);
const StaffMemberPage = lazy(() =>
  import("./office/staff/staff-member-page.tsx").then((m) => ({ default: m.StaffMemberPage })),
);
const StaffAssignmentsPage = lazy(() =>
  import("./office/staff/staff-assignments-page.tsx").then((m) => ({
    default: m.StaffAssignmentsPage,
  })),
);
const StaffShiftsPage = lazy(() =>
  import("./office/staff/staff-shifts-page.tsx").then((m) => ({ default: m.StaffShiftsPage })),
);
const CsvImportPage = lazy(() =>
  import("./office/import/csv-import-page.tsx").then((m) => ({
    default: m.CsvImportPage,
  })),
);
const LocationListPage = lazy(() =>
  import("./office/locations/location-list-page.tsx").then((m) => ({
    default: m.LocationListPage,
  })),
);
const LocationEditPage = lazy(() =>
  import("./office/locations/location-edit-page.tsx").then((m) => ({
    default: m.LocationEditPage,
  })),
);
const ServicesPage = lazy(() =>
  import("./office/services/services-page.tsx").then((m) => ({ default: m.ServicesPage })),
);
const ServiceFormPage = lazy(() =>
  import("./office/services/service-form-page.tsx").then((m) => ({
    default: m.ServiceFormPage,
  })),
);
const QuestionsPage = lazy(() =>
  import("./office/services/questions-page.tsx").then((m) => ({ default: m.QuestionsPage })),
);
const QuestionEditorPage = lazy(() =>
  import("./office/services/question-editor-page.tsx").then((m) => ({
    default: m.QuestionEditorPage,
  })),
);
const GroupsPage = lazy(() =>
  import("./office/groups/groups-page.tsx").then((m) => ({ default: m.GroupsPage })),
);
const GroupFormPage = lazy(() =>
  import("./office/groups/group-form-page.tsx").then((m) => ({ default: m.GroupFormPage })),
);
const RoomsPage = lazy(() =>
  import("./office/rooms/rooms-page.tsx").then((m) => ({ default: m.RoomsPage })),
);
const RoomFormPage = lazy(() =>
  import("./office/rooms/room-form-page.tsx").then((m) => ({ default: m.RoomFormPage })),
);
const VendorsPage = lazy(() =>
  import("./office/vendors/vendors-page.tsx").then((m) => ({ default: m.VendorsPage })),
);
const VendorEditPage = lazy(() =>
  import("./office/vendors/vendor-edit-page.tsx").then((m) => ({ default: m.VendorEditPage })),
);
const SetupPage = lazy(() =>
  import("./office/setup/setup-page.tsx").then((m) => ({ default: m.SetupPage })),
);
const HoursPage = lazy(() =>
  import("./office/hours/hours-page.tsx").then((m) => ({ default: m.HoursPage })),
);
const HoursLandingPage = lazy(() =>
  import("./office/hours/hours-page.tsx").then((m) => ({ default: m.HoursLandingPage })),
);
const ForbiddenPage = lazy(() =>
  import("./office/forbidden/forbidden-page.tsx").then((m) => ({ default: m.ForbiddenPage })),
);
const ConfirmationPage = lazy(() =>
  import("./visitor/confirmation/confirmation-page.tsx").then((m) => ({
    default: m.ConfirmationPage,
  })),
);
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
  confirmation: () => import("./visitor/confirmation/confirmation-page.tsx"),
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
        <Route path="lobby" element={<LobbyPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="messages" element={<MessageLogPage />} />
        <Route path="jobs" element={<DeadJobsPage />} />
        <Route
          path="settings/notifications/client"
          element={<NotificationSettingsPage audience="client" />}
        />
        <Route
          path="settings/notifications/staff"
          element={<NotificationSettingsPage audience="staff" />}
        />
        <Route
          path="settings/notifications/location"
          element={<NotificationSettingsPage audience="location" />}
        />
        <Route path="staff" element={<StaffListPage />} />
        <Route path="staff/import" element={<CsvImportPage kind="staff" />} />
        <Route path="staff/:id" element={<StaffMemberPage />} />
        <Route path="staff/:id/assignments/edit" element={<StaffAssignmentsPage />} />
        <Route path="staff/:id/shifts/edit" element={<StaffShiftsPage />} />
        <Route path="locations" element={<LocationListPage />} />
        <Route path="locations/import" element={<CsvImportPage kind="locations" />} />
        <Route path="locations/:id" element={<LocationEditPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="services/new" element={<ServiceFormPage />} />
        <Route path="services/questions" element={<QuestionsPage />} />
        <Route path="services/questions/:id" element={<QuestionEditorPage />} />
        <Route path="services/:id" element={<ServiceFormPage />} />
        <Route path="groups" element={<GroupsPage />} />
        <Route path="groups/new" element={<GroupFormPage />} />
        <Route path="groups/:id" element={<GroupFormPage />} />
        <Route path="rooms" element={<RoomsPage />} />
        <Route path="rooms/new" element={<RoomFormPage />} />
        <Route path="rooms/:id" element={<RoomFormPage />} />
        <Route path="vendors" element={<VendorsPage />} />
        <Route path="vendors/:id" element={<VendorEditPage />} />
        <Route path="hours" element={<HoursLandingPage />} />
        <Route path="hours/:locationId" element={<HoursPage />} />
        <Route path="forbidden" element={<ForbiddenPage />} />
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
        <Route path="callback-service/confirmation" element={<ConfirmationPage />} />
        <Route path="callback-service/manage" element={<ConfirmationPage />} />
        <Route path="callback-service/location" element={<LocationFinderPage />} />
        <Route path="callback-service" element={<CallbackServicePage />} />
        <Route path="callback-service/:locationId" element={<CallbackServicePage />} />
        <Route path="how" element={<KioskLandingPage />} />
        <Route path="where" element={<KioskWherePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

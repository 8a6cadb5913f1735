// The back office's pages behind the office layout: loaded with the first office page, never by
// a visitor page (router.tsx routes each office section here). Pages are lazy chunks of their own.
import { lazy } from "react";
import { Route, Routes } from "../routing/routing.tsx";
import { NotFoundPage } from "../ui/not-found-page.tsx";

const LobbyPage = lazy(() =>
  import("./lobby/lobby-page.tsx").then((m) => ({ default: m.LobbyPage })),
);
const DashboardPage = lazy(() =>
  import("./dashboard/dashboard-page.tsx").then((m) => ({ default: m.DashboardPage })),
);
const MessageLogPage = lazy(() =>
  import("./messages/message-log-page.tsx").then((m) => ({ default: m.MessageLogPage })),
);
const DeadJobsPage = lazy(() =>
  import("./jobs/dead-jobs-page.tsx").then((m) => ({ default: m.DeadJobsPage })),
);
const BrandingSettingsPage = lazy(() =>
  import("./branding/branding-settings-page.tsx").then((m) => ({
    default: m.BrandingSettingsPage,
  })),
);
const NotificationSettingsPage = lazy(() =>
  import("./notifications/notification-settings-page.tsx").then((m) => ({
    default: m.NotificationSettingsPage,
  })),
);
const ClientViewSettingsPage = lazy(() =>
  import("./client-view-settings/client-view-settings-page.tsx").then((m) => ({
    default: m.ClientViewSettingsPage,
  })),
);
const LobbySettingsPage = lazy(() =>
  import("./lobby-settings/lobby-settings-page.tsx").then((m) => ({
    default: m.LobbySettingsPage,
  })),
);
const StaffListPage = lazy(() =>
  import("./staff/staff-list-page.tsx").then((m) => ({ default: m.StaffListPage })),
);
const StaffMemberPage = lazy(() =>
  import("./staff/staff-member-page.tsx").then((m) => ({ default: m.StaffMemberPage })),
);
const StaffAssignmentsPage = lazy(() =>
  import("./staff/staff-assignments-page.tsx").then((m) => ({
    default: m.StaffAssignmentsPage,
  })),
);
const StaffShiftsPage = lazy(() =>
  import("./staff/staff-shifts-page.tsx").then((m) => ({ default: m.StaffShiftsPage })),
);
const CsvImportPage = lazy(() =>
  import("./import/csv-import-page.tsx").then((m) => ({
    default: m.CsvImportPage,
  })),
);
const LocationListPage = lazy(() =>
  import("./locations/location-list-page.tsx").then((m) => ({
    default: m.LocationListPage,
  })),
);
const LocationEditPage = lazy(() =>
  import("./locations/location-edit-page.tsx").then((m) => ({
    default: m.LocationEditPage,
  })),
);
const ServicesPage = lazy(() =>
  import("./services/services-page.tsx").then((m) => ({ default: m.ServicesPage })),
);
const ServiceFormPage = lazy(() =>
  import("./services/service-form-page.tsx").then((m) => ({
    default: m.ServiceFormPage,
  })),
);
const QuestionsPage = lazy(() =>
  import("./services/questions-page.tsx").then((m) => ({ default: m.QuestionsPage })),
);
const QuestionEditorPage = lazy(() =>
  import("./services/question-editor-page.tsx").then((m) => ({
    default: m.QuestionEditorPage,
  })),
);
const GroupsPage = lazy(() =>
  import("./groups/groups-page.tsx").then((m) => ({ default: m.GroupsPage })),
);
const GroupFormPage = lazy(() =>
  import("./groups/group-form-page.tsx").then((m) => ({ default: m.GroupFormPage })),
);
const RoomsPage = lazy(() =>
  import("./rooms/rooms-page.tsx").then((m) => ({ default: m.RoomsPage })),
);
const RoomFormPage = lazy(() =>
  import("./rooms/room-form-page.tsx").then((m) => ({ default: m.RoomFormPage })),
);
const VendorsPage = lazy(() =>
  import("./vendors/vendors-page.tsx").then((m) => ({ default: m.VendorsPage })),
);
const VendorEditPage = lazy(() =>
  import("./vendors/vendor-edit-page.tsx").then((m) => ({ default: m.VendorEditPage })),
);
const HoursPage = lazy(() =>
  import("./hours/hours-page.tsx").then((m) => ({ default: m.HoursPage })),
);
const HoursLandingPage = lazy(() =>
  import("./hours/hours-landing-page.tsx").then((m) => ({ default: m.HoursLandingPage })),
);
const SchedulePage = lazy(() =>
  import("./schedule/schedule-page.tsx").then((m) => ({ default: m.SchedulePage })),
);
const ClientsPage = lazy(() =>
  import("./clients/clients-page.tsx").then((m) => ({ default: m.ClientsPage })),
);
const ClientPage = lazy(() =>
  import("./clients/client-page.tsx").then((m) => ({ default: m.ClientPage })),
);
const SettingsIndexPage = lazy(() =>
  import("./settings/settings-index-page.tsx").then((m) => ({ default: m.SettingsIndexPage })),
);
const FeatureFlagsPage = lazy(() =>
  import("./feature-flags/feature-flags-page.tsx").then((m) => ({ default: m.FeatureFlagsPage })),
);
const SynonymsPage = lazy(() =>
  import("./synonyms/synonyms-page.tsx").then((m) => ({ default: m.SynonymsPage })),
);
const ApiKeysPage = lazy(() =>
  import("./api-keys/api-keys-page.tsx").then((m) => ({ default: m.ApiKeysPage })),
);
const CxSnippetsPage = lazy(() =>
  import("./cx-snippets/cx-snippets-page.tsx").then((m) => ({ default: m.CxSnippetsPage })),
);
const ForbiddenPage = lazy(() =>
  import("./forbidden/forbidden-page.tsx").then((m) => ({ default: m.ForbiddenPage })),
);
export function OfficeRoutes() {
  return (
    <Routes>
      <Route path="lobby" element={<LobbyPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="schedule" element={<SchedulePage />} />
      <Route path="messages" element={<MessageLogPage />} />
      <Route path="jobs" element={<DeadJobsPage />} />
      <Route path="settings" element={<SettingsIndexPage />} />
      <Route path="manage-features" element={<FeatureFlagsPage />} />
      <Route path="synonyms-management" element={<SynonymsPage />} />
      <Route path="settings/branding/general" element={<BrandingSettingsPage />} />
      <Route path="settings/lobby" element={<LobbySettingsPage />} />
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
      <Route path="settings/api" element={<ApiKeysPage />} />
      <Route path="settings/client-view" element={<ClientViewSettingsPage />} />
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
      <Route path="clients" element={<ClientsPage />} />
      <Route path="clients/:id" element={<ClientPage tab="details" />} />
      <Route path="clients/:id/appointments" element={<ClientPage tab="appointments" />} />
      <Route path="clients/:id/walk-ins" element={<ClientPage tab="walk-ins" />} />
      <Route path="clients/:id/timeline" element={<ClientPage tab="timeline" />} />
      <Route path="cx-snippets-management" element={<CxSnippetsPage />} />
      <Route path="forbidden" element={<ForbiddenPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

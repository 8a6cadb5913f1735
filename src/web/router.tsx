// The app's routes (declarative React Router: the data router would add ~16 KB gz to every page
// for loaders we do not use; TanStack Query does the fetching). Pages are lazy chunks, so a
// visitor downloads only the page they open.
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { LazyOfficeLayout } from "./office/shell/lazy-office-layout.tsx";
import { AppShell } from "./ui/app-shell.tsx";
import { NotFoundPage } from "./ui/not-found-page.tsx";
import { TvModeSwitch } from "./visitor/tv/tv-mode-switch.tsx";

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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<LazyOfficeLayout />}>
        <Route path="lobby" element={<LobbyPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="forbidden" element={<ForbiddenPage />} />
      </Route>
      {/* mode=tv on a location's page shows its lobby board, outside the visitor frame. */}
      <Route
        element={
          <TvModeSwitch>
            <AppShell />
          </TvModeSwitch>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
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

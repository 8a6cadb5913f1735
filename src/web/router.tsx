// The app's routes (declarative React Router: the data router would add ~16 KB gz to every page
// for loaders we do not use; TanStack Query does the fetching). Pages are lazy chunks, so a
// visitor downloads only the page they open.
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { AppShell } from "./ui/app-shell.tsx";
import { NotFoundPage } from "./ui/not-found-page.tsx";

const HomePage = lazy(() =>
  import("./visitor/home/home-page.tsx").then((m) => ({ default: m.HomePage })),
);
const CallbackServicePage = lazy(() =>
  import("./visitor/callback-service/callback-service-page.tsx").then((m) => ({
    default: m.CallbackServicePage,
  })),
);
const ConfirmationPage = lazy(() =>
  import("./visitor/confirmation/confirmation-page.tsx").then((m) => ({
    default: m.ConfirmationPage,
  })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomePage />} />
        <Route path="callback-service" element={<CallbackServicePage />} />
        <Route path="callback-service/:locationId" element={<CallbackServicePage />} />
        {/* Static segments outrank :locationId, so these never reach the form. */}
        <Route path="callback-service/confirmation" element={<ConfirmationPage />} />
        <Route path="callback-service/manage" element={<ConfirmationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

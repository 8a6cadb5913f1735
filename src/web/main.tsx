// Browser entry: starts loading the vendor, the message catalog, the opening page's code and (on a
// location's callback page) the location and its services at once, then renders the app.
import "./ui/fonts.css";
import "./ui/global.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { locationQueryOptions } from "./api/location.ts";
import { createQueryClient } from "./api/query-client.ts";
import { queueAppointmentsServicesQueryOptions } from "./api/queue-appointments-services.ts";
import { vendorQueryOptions } from "./api/vendor.ts";
import { AppRoot } from "./app-root.tsx";
import { catalogQueryOptions } from "./i18n/locale-provider.tsx";
import { likelyLocale, requestedLocale } from "./i18n/requested-locale.ts";
import { preloadPageChunks } from "./router.tsx";
import { BrowserRouter } from "./routing/routing.tsx";

const queryClient = createQueryClient();
// In parallel rather than one after the other: the likely catalog does not wait for the vendor.
const search = new URLSearchParams(window.location.search);
void queryClient.prefetchQuery(vendorQueryOptions(requestedLocale(search)));
const locale = likelyLocale(search);
void queryClient.prefetchQuery(catalogQueryOptions(locale));
preloadPageChunks(window.location.pathname, search);
// The callback page of a location reads the location and its services first: in the likely
// language, so the page finds them in the cache (a different language only costs a second read).
const locationId = /^\/callback-service\/([^/]+)\/?$/i.exec(window.location.pathname)?.[1];
if (locationId && !["confirmation", "manage", "location"].includes(locationId.toLowerCase())) {
  const id = decodeURIComponent(locationId);
  void queryClient.prefetchQuery(locationQueryOptions(id, locale));
  void queryClient.prefetchQuery(queueAppointmentsServicesQueryOptions(id, locale));
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoot />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

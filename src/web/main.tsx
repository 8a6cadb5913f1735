// Browser entry: starts the Intl warm-up, then takes up the vendor, the message catalog and (on a
// location's callback page) the location and its services, which the page's HTML has already
// asked for, loads the opening page's code and renders the app.
import "./zod-without-eval.ts";
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
import { warmUpIntl } from "./i18n/warm-up-intl.ts";
import { preloadPageChunks } from "./router.tsx";
import { BrowserRouter } from "./routing/routing.tsx";

const search = new URLSearchParams(window.location.search);
const locale = likelyLocale(search);
// First, so the worker loads the locale data while this thread sets up and renders.
warmUpIntl(locale);
const queryClient = createQueryClient();

// The start is cut into tasks, with the main thread free in between: on a slow phone each step
// takes tens of milliseconds, and one long task would hold up input and paint for all of them.
// Nothing waits on network for it: the page's HTML has already asked for its reads and chunks
// (src/server/http/page-preloads.ts); these steps take them up.
void start();

async function start() {
  await nextTask();
  // In parallel rather than one after the other: the likely catalog does not wait for the vendor.
  void queryClient.prefetchQuery(vendorQueryOptions(requestedLocale(search)));
  void queryClient.prefetchQuery(catalogQueryOptions(locale));
  // The callback page of a location reads the location and its services first: in the likely
  // language, so the page finds them in the cache (a different language only costs a second read).
  const locationId = /^\/callback-service\/([^/]+)\/?$/i.exec(window.location.pathname)?.[1];
  if (locationId && !["confirmation", "manage", "location"].includes(locationId.toLowerCase())) {
    const id = decodeURIComponent(locationId);
    void queryClient.prefetchQuery(locationQueryOptions(id, locale));
    void queryClient.prefetchQuery(queueAppointmentsServicesQueryOptions(id, locale));
  }
  await nextTask();
  preloadPageChunks(window.location.pathname, search);
  await nextTask();
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
}

/**
 * Resolves in a later task, letting the browser handle input and paint first. A message rather
 * than a timer: browsers slow timers down in background tabs, not messages.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// Browser entry: starts loading the vendor and the message catalog at once, then renders the app.
import "./ui/fonts.css";
import "./ui/global.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./api/query-client.ts";
import { vendorQueryOptions } from "./api/vendor.ts";
import { AppRoot } from "./app-root.tsx";
import { catalogQueryOptions } from "./i18n/locale-provider.tsx";
import { likelyLocale, requestedLocale } from "./i18n/requested-locale.ts";

const queryClient = createQueryClient();
// In parallel rather than one after the other: the likely catalog does not wait for the vendor.
const search = new URLSearchParams(window.location.search);
void queryClient.prefetchQuery(vendorQueryOptions(requestedLocale(search)));
void queryClient.prefetchQuery(catalogQueryOptions(likelyLocale(search)));

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

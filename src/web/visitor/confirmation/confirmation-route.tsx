// The confirmation page's route element, which a join can have ready before it opens the page: the
// page's chunk, its words and the booking load while the form still shows its busy button, so no
// blank screen comes between the two pages. Opened directly, the page's chunk starts with the app
// (router.tsx preloadPageChunks) and its words (the `Confirmation.*` and `Feedback.*` catalog part,
// vite.config.ts MESSAGE_PARTS) alongside it, so the form page does not carry them.
import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy } from "react";
import type { Locale } from "../../../shared/domain.ts";
import { CatalogPart, catalogPartQuery } from "../../i18n/catalog-part.tsx";
import type { Messages } from "../../i18n/load-catalog.ts";

/** The page's chunk; the router also starts it when the app opens on this page. */
export const loadConfirmationPage = () => import("./confirmation-page.tsx");
const load = loadConfirmationPage;
let loadedPage: ComponentType | null = null;
const LazyConfirmationPage = lazy(() =>
  load().then((module) => {
    loadedPage = module.ConfirmationPage;
    return { default: module.ConfirmationPage };
  }),
);

// Under Vitest the query is ignored and each is the whole catalog.
const catalogLoaders = import.meta.glob<Messages>("../../../shared/i18n/*.json", {
  import: "default",
  query: "?confirmation",
});
const CATALOG_PART = "confirmation";

async function loadConfirmationCatalog(locale: Locale): Promise<Messages> {
  const loadPart = catalogLoaders[`../../../shared/i18n/${locale}.json`];
  if (!loadPart) throw new Error(`no confirmation message catalog for ${locale}`);
  return loadPart();
}

export function ConfirmationRoute() {
  const Page = loadedPage ?? LazyConfirmationPage;
  return (
    <CatalogPart name={CATALOG_PART} load={loadConfirmationCatalog}>
      <Page />
    </CatalogPart>
  );
}

/** Loads the page, its words and the booking it will show; the page then renders at once. */
export async function prepareConfirmation(
  queryClient: QueryClient,
  booking: { id: string; code: string; locale: Locale },
): Promise<void> {
  const words = queryClient.prefetchQuery(
    catalogPartQuery(CATALOG_PART, loadConfirmationCatalog, booking.locale),
  );
  const module = await load();
  loadedPage = module.ConfirmationPage;
  await Promise.all([words, module.prefetchBooking(queryClient, booking)]);
}

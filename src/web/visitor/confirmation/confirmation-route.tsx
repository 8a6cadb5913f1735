// The confirmation page's route element, which a join can have ready before it opens the page: the
// page's chunk and the booking load while the form still shows its busy button, so no blank screen
// comes between the two pages. Opened directly, the page loads lazily like any other.
import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy } from "react";
import type { Locale } from "../../../shared/domain.ts";

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

export function ConfirmationRoute() {
  const Page = loadedPage ?? LazyConfirmationPage;
  return <Page />;
}

/** Loads the page and the booking it will show; the page then renders at once. */
export async function prepareConfirmation(
  queryClient: QueryClient,
  booking: { id: string; code: string; locale: Locale },
): Promise<void> {
  const module = await load();
  loadedPage = module.ConfirmationPage;
  await module.prefetchBooking(queryClient, booking);
}

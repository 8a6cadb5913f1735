// The booking steps' and the appointment page's own messages (`Booking.*`), in their own chunk per
// language (vite.config.ts MESSAGE_PARTS), so that no other visitor page carries them. Every booking
// route renders inside this part; a page may prefetch it (bookingCatalogQuery) before it opens.
import type { ReactNode } from "react";
import type { Locale } from "../../../shared/domain.ts";
import { CatalogPart, catalogPartQuery } from "../../i18n/catalog-part.tsx";
import type { Messages } from "../../i18n/load-catalog.ts";

// Under Vitest the query is ignored and each is the whole catalog.
const loaders = import.meta.glob<Messages>("../../../shared/i18n/*.json", {
  import: "default",
  query: "?booking",
});
const PART = "booking";

async function loadBookingCatalog(locale: Locale): Promise<Messages> {
  const load = loaders[`../../../shared/i18n/${locale}.json`];
  if (!load) throw new Error(`no booking message catalog for ${locale}`);
  return load();
}

export const bookingCatalogQuery = (locale: Locale) =>
  catalogPartQuery(PART, loadBookingCatalog, locale);

export function BookingMessages({ children }: { children: ReactNode }) {
  return (
    <CatalogPart name={PART} load={loadBookingCatalog}>
      {children}
    </CatalogPart>
  );
}

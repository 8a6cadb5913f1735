// The TV board's own messages (`Tv.*`), in their own chunk per language (vite.config.ts
// MESSAGE_PARTS), so that the visitor form, which loads the main catalog first, does not carry them.
import type { ReactNode } from "react";
import type { Locale } from "../../../shared/domain.ts";
import { CatalogPart } from "../../i18n/catalog-part.tsx";
import type { Messages } from "../../i18n/load-catalog.ts";

// Under Vitest the query is ignored and each is the whole catalog.
const loaders = import.meta.glob<Messages>("../../../shared/i18n/*.json", {
  import: "default",
  query: "?tv",
});

async function loadTvCatalog(locale: Locale): Promise<Messages> {
  const load = loaders[`../../../shared/i18n/${locale}.json`];
  if (!load) throw new Error(`no TV board message catalog for ${locale}`);
  return load();
}

export function TvMessages({ children }: { children: ReactNode }) {
  return (
    <CatalogPart name="tv" load={loadTvCatalog}>
      {children}
    </CatalogPart>
  );
}

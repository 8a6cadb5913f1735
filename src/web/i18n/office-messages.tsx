// The back office's own messages (sign-in, shell, lobby, dashboard), in their own chunk per language
// so that visitor pages do not download them (catalog-part.tsx).
import type { ReactNode } from "react";
import { CatalogPart } from "./catalog-part.tsx";
import { loadOfficeCatalog } from "./load-catalog.ts";

export function OfficeMessages({ children }: { children: ReactNode }) {
  return (
    <CatalogPart name="office" load={loadOfficeCatalog}>
      {children}
    </CatalogPart>
  );
}

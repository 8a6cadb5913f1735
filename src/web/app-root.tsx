// The app root: loads the vendor state for the requested language, applies its theme and language,
// then renders the routes. Until the vendor and the catalog are in, it renders nothing rather than
// a flash of the wrong branding or language.
import { useLayoutEffect } from "react";
import { defaultVendor, useVendor } from "./api/vendor.ts";
import { CurrentVendorContext } from "./current-vendor.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { likelyLocale, requestedLocale } from "./i18n/requested-locale.ts";
import { AppRoutes } from "./router.tsx";
import { useSearchParams } from "./routing/routing.tsx";
import { applyTheme } from "./ui/theme.ts";

export function AppRoot() {
  const [searchParams] = useSearchParams();
  const query = useVendor(requestedLocale(searchParams));
  // A vendor endpoint that fails outright still leaves a working page with the product defaults.
  const vendor =
    query.data ?? (query.isError ? defaultVendor(likelyLocale(searchParams)) : undefined);

  useLayoutEffect(() => {
    if (query.error)
      console.error("vendor settings could not be loaded; using defaults", query.error);
  }, [query.error]);

  useLayoutEffect(() => {
    if (vendor) applyTheme(vendor.theme, vendor.themeColours);
  }, [vendor]);

  if (!vendor) return null;
  return (
    <CurrentVendorContext value={vendor}>
      <LocaleProvider vendor={vendor}>
        <AppRoutes />
      </LocaleProvider>
    </CurrentVendorContext>
  );
}

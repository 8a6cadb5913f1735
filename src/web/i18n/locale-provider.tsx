// Provides react-intl in the page language the vendor state settled on, loading that language's
// catalog lazily (one chunk per language). Switching language changes ?lang= and re-renders in
// place: no reload, and the URL stays shareable.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useLayoutEffect, useMemo } from "react";
import { IntlProvider } from "react-intl";
import { DEFAULT_LOCALE, type Locale } from "../../shared/domain.ts";
import { setApiLocale } from "../api/client.ts";
import type { VendorInfo } from "../api/vendor.ts";
import { useSearchParams } from "../routing/routing.tsx";
import { CatalogFailure } from "./catalog-failure.tsx";
import { textDirection } from "./choose-locale.ts";
import { loadCatalog } from "./load-catalog.ts";
import { LocaleContext } from "./locale-context.ts";
import { rememberLocale } from "./requested-locale.ts";

export const catalogQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["catalog", locale],
    queryFn: () => loadCatalog(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

type Props = { vendor: VendorInfo; children: ReactNode };

export function LocaleProvider({ vendor, children }: Props) {
  const [, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // While the next language loads, the page stays in the previous one instead of going blank.
  const catalog = useQuery({
    ...catalogQueryOptions(vendor.locale),
    placeholderData: keepPreviousData,
  });
  const shown = catalog.data?.locale;
  const hasOverrides = shown === vendor.locale && Object.keys(vendor.synonyms).length > 0;
  const overrides = useQuery({
    queryKey: ["synonyms", vendor.id, vendor.locale, vendor.synonyms],
    queryFn: async () => (await import("./parse-synonyms.ts")).parseSynonyms(vendor.synonyms),
    enabled: hasOverrides,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useLayoutEffect(() => {
    if (!shown) return;
    setApiLocale(shown);
    document.documentElement.lang = shown;
    document.documentElement.dir = textDirection(shown);
  }, [shown]);

  const setLocale = useCallback(
    (next: Locale) => {
      rememberLocale(next);
      // The catalog loads alongside the vendor state for the new language, not after it.
      void queryClient.prefetchQuery(catalogQueryOptions(next));
      setSearchParams(
        (params) => {
          params.set("lang", next);
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [queryClient, setSearchParams],
  );

  // react-intl types a catalog as all strings or all trees; it formats each message on its own,
  // so a mix (string catalogs under Vitest plus parsed overrides) works.
  const messages = useMemo(() => {
    if (!catalog.data) return undefined;
    const extra = hasOverrides ? overrides.data : undefined;
    return { ...catalog.data.messages, ...extra } as Record<string, MessageFormatElement[]>;
  }, [catalog.data, hasOverrides, overrides.data]);
  const state = useMemo(
    () => ({ locale: shown ?? vendor.locale, available: vendor.languages, setLocale }),
    [shown, vendor.locale, vendor.languages, setLocale],
  );

  if (catalog.isError && !catalog.data) return <CatalogFailure onRetry={() => catalog.refetch()} />;
  if (!catalog.data || !messages || overrides.isLoading) return null;
  return (
    <LocaleContext value={state}>
      <IntlProvider locale={catalog.data.locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}

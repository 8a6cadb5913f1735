// The back office's own messages (sign-in, shell, lobby, dashboard), in their own chunk per language
// so that visitor pages do not download them: office pages render inside this provider, which adds
// them to the page's catalog (vendor synonyms still win) once they have loaded.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { DEFAULT_LOCALE, type Locale } from "../../shared/domain.ts";
import { CatalogFailure } from "./catalog-failure.tsx";
import { loadOfficeCatalog } from "./load-catalog.ts";

export function OfficeMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const office = useQuery({
    queryKey: ["catalog-office", locale],
    queryFn: () => loadOfficeCatalog(locale),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  const messages = useMemo(
    () =>
      office.data &&
      ({ ...office.data, ...intl.messages } as Record<string, MessageFormatElement[]>),
    [office.data, intl.messages],
  );
  if (office.isError && !office.data) return <CatalogFailure onRetry={() => office.refetch()} />;
  if (!messages) return null;
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}

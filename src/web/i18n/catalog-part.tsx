// A part of the message catalog that only some pages show (vite.config.ts splits each language's
// catalog by id prefix), in its own chunk per language so that other pages do not download it: the
// pages render inside this provider, which adds the part to the page's catalog (vendor synonyms
// still win) once it has loaded.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { DEFAULT_LOCALE, type Locale } from "../../shared/domain.ts";
import { CatalogFailure } from "./catalog-failure.tsx";
import type { Messages } from "./load-catalog.ts";

type Props = {
  /** the part's name, as vite.config.ts's MESSAGE_PARTS knows it */
  name: string;
  load: (locale: Locale) => Promise<Messages>;
  children: ReactNode;
};

/** The query a part is read with: a page may prefetch it, so that the part is there when it opens. */
export function catalogPartQuery(
  name: string,
  load: (locale: Locale) => Promise<Messages>,
  locale: Locale,
) {
  return {
    queryKey: [`catalog-${name}`, locale],
    queryFn: () => load(locale),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

export function CatalogPart({ name, load, children }: Props) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const part = useQuery({
    ...catalogPartQuery(name, load, locale),
    placeholderData: keepPreviousData,
  });
  const messages = useMemo(
    () =>
      part.data && ({ ...part.data, ...intl.messages } as Record<string, MessageFormatElement[]>),
    [part.data, intl.messages],
  );
  if (part.isError && !part.data) return <CatalogFailure onRetry={() => part.refetch()} />;
  if (!messages) return null;
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}

// GET /cx/snippets/api/v1/cx_snippets: the vendor's announcements and notices in effect now, for
// the page's location, in the page language. The language is part of the query key, so a visitor
// who changes language gets the snippets again in theirs; the answer is never kept fresh for long
// (the server answers an unchanged list with a 304).
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { PublicCxSnippet } from "../../shared/contracts/cx-snippet.ts";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";

export type { PublicCxSnippet };

export function useVisitorSnippets(locationId: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    queryKey: ["cx-snippets", locationId ?? "", locale] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: PublicCxSnippet[] }>(paths.api.cxSnippets(), {
          locale,
          query: { lang: locale, location_id: locationId ?? undefined },
          signal,
        })
        .then((document) => document.data),
    staleTime: 0,
    // A visitor's page works without its snippets; one failed read is not worth more waiting.
    retry: false,
  });
}

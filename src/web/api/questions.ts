// GET /api/v2/open/questions?filter[matching]={serviceId} (spec §7): the custom questions asked for
// one service, with labels, help texts and options in the page language.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { QuestionResource } from "../../shared/contracts/question.ts";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";

export type { QuestionResource };

export async function getQuestions(serviceId: string, locale: Locale): Promise<QuestionResource[]> {
  const document = await api.get<{ data: QuestionResource[] }>(paths.api.questions(serviceId), {
    locale,
  });
  return document.data;
}

export const questionsQueryOptions = (serviceId: string, locale: Locale) =>
  queryOptions({
    queryKey: ["questions", serviceId, locale],
    queryFn: () => getQuestions(serviceId, locale),
    staleTime: 5 * 60_000,
  });

/** The questions for the chosen service; none is fetched until a service is chosen. */
export function useQuestions(serviceId: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...questionsQueryOptions(serviceId ?? "", locale),
    enabled: serviceId !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === serviceId ? previous : undefined,
  });
}

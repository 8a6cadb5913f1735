// GET /api/v2/open/questions?filter[matching]={serviceId} (spec §7): the custom questions asked for
// a service, for the lobby's add-walk-in form (empty when the vendor asks none).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { QuestionResource } from "../../../shared/contracts/question.ts";
import type { Locale } from "../../../shared/domain.ts";
import { paths } from "../../office/office-paths.ts";
import { api } from "../client.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";

export type { QuestionResource };

export async function getWalkInQuestions(
  serviceId: string,
  locale: Locale,
): Promise<QuestionResource[]> {
  const answer = await api.get<{ data: QuestionResource[] }>(paths.api.questions(serviceId), {
    locale,
  });
  return answer.data;
}

export const walkInQuestionsQueryOptions = (serviceId: string, locale: Locale) =>
  queryOptions({
    queryKey: [OFFICE_QUERY_ROOT, "walk-in-questions", serviceId, locale] as const,
    queryFn: () => getWalkInQuestions(serviceId, locale),
    staleTime: 5 * 60_000,
  });

export function useWalkInQuestions(serviceId: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...walkInQuestionsQueryOptions(serviceId ?? "", locale),
    enabled: serviceId !== null,
  });
}

// GET /api/internal/v1/dashboard: today's figures for each location the staff member may see, in
// each location's own day. Re-read every 30 s and on realtime changes of those locations' lines.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { DashboardDocument, LocationDay } from "../../../shared/contracts/dashboard.ts";
import type { Locale } from "../../../shared/domain.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { DashboardDocument, LocationDay };

export const dashboardKey = [OFFICE_QUERY_ROOT, "dashboard"] as const;
export const DASHBOARD_REFRESH_MS = 30_000;

export function getDashboard(locale: Locale, signal?: AbortSignal) {
  return officeApi.get<DashboardDocument>(paths.api.internal.dashboard(), { locale, signal });
}

export const dashboardQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...dashboardKey, locale] as const,
    queryFn: ({ signal }) => getDashboard(locale, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });

export function useDashboard() {
  const locale = useIntl().locale as Locale;
  return useQuery(dashboardQueryOptions(locale));
}

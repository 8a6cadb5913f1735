// The values a template preview fills its variables with, in the language of the message being
// edited (a Korean text previews with Korean names and places, whatever the page's language): names
// and places from that language's catalog, plain numbers and example links for the rest, and the
// vendor's own name. Until that catalog has loaded, the page's language stands in.
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { createIntl, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { loadOfficeCatalog } from "../../i18n/load-catalog.ts";
import { useStaffSession } from "../shell/staff-session.ts";

const WORDED = [
  "first_name",
  "last_name",
  "location",
  "location_address",
  "service",
  "wait",
  "instructions",
  "desk",
  "staff_name",
  "invited_by",
  "visitor_name",
] as const;

const LINK = "https://northwind.example";

const FIXED: Record<string, string> = {
  position: "4",
  ticket: "A-042",
  ahead: "3",
  manage_link: `${LINK}/m/4821-7Q2K`,
  book_link: `${LINK}/book`,
  feedback_link: `${LINK}/feedback/4821`,
  meeting_link: `${LINK}/meet/4821`,
  reset_link: `${LINK}/reset-password?token=…`,
  invite_link: `${LINK}/invitation?token=…`,
  lobby_link: `${LINK}/lobby`,
  phone: "+1 555 0100",
  dial_in: "+1 555 0199",
  dial_in_pin: "4821 #",
  expires_minutes: "60",
  failures: "5",
  waited_minutes: "35",
};

export function useSampleValues(lang: Locale): Record<string, string> {
  const pageIntl = useIntl();
  const me = useStaffSession();
  // The same cache entry as the office's own messages (i18n/office-messages.tsx).
  const catalog = useQuery({
    queryKey: ["catalog-office", lang],
    queryFn: () => loadOfficeCatalog(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return useMemo(() => {
    const intl =
      catalog.data && lang !== pageIntl.locale
        ? createIntl({
            locale: lang,
            messages: catalog.data as
              | Record<string, string>
              | Record<string, MessageFormatElement[]>,
          })
        : pageIntl;
    const values: Record<string, string> = { ...FIXED, vendor: me.vendor.name };
    for (const name of WORDED)
      values[name] = intl.formatMessage({ id: `Office.notifications.sample.${name}` });
    return values;
  }, [catalog.data, lang, pageIntl, me.vendor.name]);
}

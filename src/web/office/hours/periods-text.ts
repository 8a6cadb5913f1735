// A day's opening periods as the back office writes them: "09:00–12:00, 13:00–17:00" (each period
// by the Office.hours.special_hours_value text, the list joined as the page's language does).
import type { IntlShape } from "react-intl";
import type { OpeningInterval } from "../../../shared/opening-hours.ts";

export function periodsText(intl: IntlShape, periods: readonly OpeningInterval[]): string {
  const list = new Intl.ListFormat(intl.locale, { type: "unit", style: "short" });
  return list.format(
    periods.map((period) =>
      intl.formatMessage(
        { id: "Office.hours.special_hours_value" },
        { open: period.open, closed: period.closed },
      ),
    ),
  );
}

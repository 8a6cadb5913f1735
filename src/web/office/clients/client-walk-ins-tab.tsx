// /clients/{id}/walk-ins: the client's queue visits, newest first, each at its location's time,
// with its service, who served them, how long they waited and the rating they gave.
import { useIntl } from "react-intl";
import type { ClientWalkInResource } from "../../api/office/clients.ts";
import { formatClientTime } from "./client-format.ts";
import { ClientTabList } from "./client-tab-list.tsx";
import styles from "./clients.module.css";

export function ClientWalkInsTab({ clientId }: { clientId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return (
    <ClientTabList
      clientId={clientId}
      tab="walk-ins"
      label={t("Clients.tab_walk_ins")}
      emptyId="Clients.no_walk_ins"
      renderItem={(visit: ClientWalkInResource) => {
        const a = visit.attributes;
        const facts = [
          t(`Clients.visit_status_${a.status}`),
          a.location_name,
          a.staff_name ? t("Clients.served_by", { name: a.staff_name }) : null,
          a.wait_seconds === null
            ? null
            : t("Clients.waited", { minutes: Math.round(a.wait_seconds / 60) }),
          a.feedback_rating === null ? null : t("Clients.rated", { rating: a.feedback_rating }),
        ].filter(Boolean);
        return (
          <>
            <strong>
              <time dateTime={a.created}>{formatClientTime(intl, a.created, a.time_zone)}</time>
              {" · "}
              {a.service_name}
              {a.ticket ? ` · ${a.ticket}` : ""}
            </strong>
            <span className={styles.muted}>{facts.join(" · ")}</span>
          </>
        );
      }}
    />
  );
}

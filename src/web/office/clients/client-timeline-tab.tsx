// /clients/{id}/timeline: everything that happened to the client, newest first — visits,
// appointments, messages, feedback and changes — each at its location's time, with who did it
// (the client when no staff member did).
import { useIntl } from "react-intl";
import type { ClientTimelineEntry } from "../../api/office/clients.ts";
import { formatClientTime } from "./client-format.ts";
import { ClientTabList } from "./client-tab-list.tsx";
import styles from "./clients.module.css";

export function ClientTimelineTab({ clientId }: { clientId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return (
    <ClientTabList
      clientId={clientId}
      tab="timeline"
      label={t("Clients.tab_timeline")}
      emptyId="Clients.no_timeline"
      renderItem={(entry: ClientTimelineEntry) => {
        const a = entry.attributes;
        const where = [a.service_name, a.location_name].filter(Boolean).join(" · ");
        const detail =
          a.kind === "feedback" && a.detail
            ? t("Clients.rated", { rating: Number(a.detail) })
            : a.channel
              ? t(`Clients.channel_${a.channel}`)
              : null;
        return (
          <>
            <strong>{t(`Clients.timeline_${a.kind}`)}</strong>
            <span>
              <time dateTime={a.at}>{formatClientTime(intl, a.at, a.time_zone)}</time>
              {where ? ` · ${where}` : ""}
              {detail ? ` · ${detail}` : ""}
            </span>
            <span className={styles.muted}>
              {a.actor_name
                ? t("Clients.by_staff", { name: a.actor_name })
                : t(a.kind.startsWith("client_") ? "Clients.by_system" : "Clients.by_client")}
            </span>
          </>
        );
      }}
    />
  );
}

// /clients/{id} and its tabs as pages of their own (/appointments, /walk-ins, /timeline): the
// client's name and counts above a row of tab links (the current one marked), then the tab. A
// client merged into another says so and links to the one it joined.
import { useState } from "react";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { useClient } from "../../api/office/clients.ts";
import { Link, useParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { type ClientTab, paths } from "../office-paths.ts";
import { ClientAppointmentsTab } from "./client-appointments-tab.tsx";
import { ClientDetails } from "./client-details.tsx";
import { fullName } from "./client-format.ts";
import { ClientTimelineTab } from "./client-timeline-tab.tsx";
import { ClientWalkInsTab } from "./client-walk-ins-tab.tsx";
import styles from "./clients.module.css";

type Tab = "details" | ClientTab;
const TABS: { id: Tab; labelId: string }[] = [
  { id: "details", labelId: "Clients.tab_details" },
  { id: "appointments", labelId: "Clients.tab_appointments" },
  { id: "walk-ins", labelId: "Clients.tab_walk_ins" },
  { id: "timeline", labelId: "Clients.tab_timeline" },
];

/** Where a 404 `client_merged` says the client went. */
function survivorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  if (error.errors[0]?.code !== "client_merged") return null;
  const id = error.meta?.merged_into_id;
  return typeof id === "string" ? id : null;
}

export function ClientPage({ tab }: { tab: Tab }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { id = "" } = useParams();
  const client = useClient(id);
  const [saved, setSaved] = useState("");
  const doc = client.data;
  const name = doc ? fullName(doc.data.attributes) : "";
  const tabLabel = t(TABS.find((item) => item.id === tab)!.labelId);
  usePageTitle(name ? `${name} — ${tabLabel}` : t("Clients.title"));

  if (client.isError) {
    const survivor = survivorOf(client.error);
    return (
      <section className={styles.page}>
        <p className={controls.alert} role="alert">
          {describeError(intl, client.error)}
        </p>
        {survivor && (
          <p>
            <Link to={paths.client(survivor)}>{t("Clients.open_survivor")}</Link>
          </p>
        )}
        <Link to={paths.clients()}>{t("Clients.back_to_list")}</Link>
      </section>
    );
  }
  if (!doc) return <p role="status">{t("Clients.loading")}</p>;
  const a = doc.data.attributes;
  return (
    <section aria-labelledby="client-title" className={styles.page}>
      <p>
        <Link to={paths.clients()}>{t("Clients.back_to_list")}</Link>
      </p>
      <h1 id="client-title" className={styles.title}>
        {name}
      </h1>
      <p className={styles.muted}>
        {t("Clients.summary", { visits: a.visits, appointments: a.appointments })}
      </p>
      <nav aria-label={t("Clients.tabs")}>
        <ul className={styles.tabs}>
          {TABS.map((item) => (
            <li key={item.id}>
              <Link
                className={styles.tab}
                to={item.id === "details" ? paths.client(id) : paths.clientTab(id, item.id)}
                aria-current={item.id === tab ? "page" : undefined}
              >
                {t(item.labelId)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "details" && (
        <ClientDetails
          key={`${doc.data.id}:${a.version}`}
          client={doc.data}
          reload={() => void client.refetch()}
          saved={saved}
          setSaved={setSaved}
        />
      )}
      {tab === "appointments" && <ClientAppointmentsTab clientId={id} />}
      {tab === "walk-ins" && <ClientWalkInsTab clientId={id} />}
      {tab === "timeline" && <ClientTimelineTab clientId={id} />}
    </section>
  );
}

// /clients/{id}/appointments: the client's booked appointments, newest first, each at its
// location's time, with its service, staff member and status.
import { useIntl } from "react-intl";
import type { ClientAppointmentsDocument } from "../../api/office/clients.ts";
import { formatClientTime } from "./client-format.ts";
import { ClientTabList } from "./client-tab-list.tsx";
import styles from "./clients.module.css";

type Appointment = ClientAppointmentsDocument["data"][number];

export function ClientAppointmentsTab({ clientId }: { clientId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return (
    <ClientTabList
      clientId={clientId}
      tab="appointments"
      label={t("Clients.tab_appointments")}
      emptyId="Clients.no_appointments"
      renderItem={(appointment: Appointment) => {
        const a = appointment.attributes;
        return (
          <>
            <strong>
              <time dateTime={a.start}>{formatClientTime(intl, a.start, a.time_zone)}</time>
              {" · "}
              {a.service_name}
            </strong>
            <span>
              {t(`Clients.appointment_status_${a.status_name}`)}
              {" · "}
              {a.location_name}
              {a.staff_name ? ` · ${t("Clients.with_staff", { name: a.staff_name })}` : ""}
            </span>
            {a.booked_by_name && (
              <span className={styles.muted}>
                {t("Clients.booked_by", { name: a.booked_by_name })}
              </span>
            )}
          </>
        );
      }}
    />
  );
}

// The columns of the staff table: the person (the row's header, a link, with their email), role,
// locations with their desk names, and status (active, invited or deactivated).
import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { StaffListDocument } from "../../api/office/staff.ts";
import { Link } from "../../routing/routing.tsx";
import type { DataTableColumn } from "../../ui/data-table.tsx";
import { paths } from "../office-paths.ts";
import { useRoleLabel } from "./role-label.ts";
import styles from "./staff-pages.module.css";

type Row = StaffListDocument["data"][number];

export function useStaffColumns(): DataTableColumn<Row>[] {
  const intl = useIntl();
  const roleLabel = useRoleLabel();
  return useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id });
    return [
      {
        id: "name",
        header: t("Office.staff.name"),
        meta: { rowHeader: true },
        cell: ({ row: { original: person } }) => (
          <>
            <Link to={paths.staffMember(person.id)}>
              {`${person.attributes.first_name} ${person.attributes.last_name}`}
            </Link>
            <div className={styles.muted}>{person.attributes.email}</div>
          </>
        ),
      },
      {
        id: "role",
        header: t("Office.staff.role"),
        cell: ({ row: { original: person } }) => roleLabel(person.attributes.role_level),
      },
      {
        id: "locations",
        header: t("Office.staff.locations"),
        cell: ({ row: { original: person } }) =>
          person.attributes.locations.length === 0
            ? t("Office.staff.no_locations")
            : person.attributes.locations
                .map((l) => (l.desk ? `${l.name} (${l.desk})` : l.name))
                .join(", "),
      },
      {
        id: "status",
        header: t("Office.staff.status"),
        cell: ({ row: { original: person } }) => (
          <span className={styles.badge}>
            {!person.attributes.active
              ? t("Office.staff.status_deactivated_one")
              : person.attributes.invitation_pending
                ? t("Office.staff.invited")
                : t("Office.staff.status_active_one")}
          </span>
        ),
      },
    ];
  }, [intl, roleLabel]);
}

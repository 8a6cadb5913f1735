// The columns of the locations table: the name (the row's header, a link, with an archived badge
// and the external id), the address, region, visibility and display order; three of them sort.
import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { AdminLocationListDocument } from "../../api/office/admin-locations.ts";

type Row = AdminLocationListDocument["data"][number];

import { Link } from "../../routing/routing.tsx";
import type { DataTableColumn } from "../../ui/data-table.tsx";
import { paths } from "../office-paths.ts";
import styles from "./location-list-page.module.css";

export function useLocationColumns(): DataTableColumn<Row>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string>) =>
      intl.formatMessage({ id: `Office.locations.${id}` }, values);
    return [
      {
        id: "name",
        header: t("field.name"),
        meta: { rowHeader: true, sortKey: "name" },
        cell: ({ row: { original: location } }) => (
          <>
            <Link to={paths.adminLocation(location.id)} className={styles.name}>
              {location.attributes.name}
            </Link>
            {location.attributes.archived && (
              <span className={styles.badge}>{t("archived_badge")}</span>
            )}
            {location.attributes.external_id && (
              <span className={styles.sub}>
                {t("external_id_short", { id: location.attributes.external_id })}
              </span>
            )}
          </>
        ),
      },
      {
        id: "address",
        header: t("col_address"),
        meta: { sortKey: "city" },
        cell: ({ row: { original: location } }) =>
          `${location.attributes.address}, ${location.attributes.city}`,
      },
      {
        id: "region",
        header: t("field.region"),
        cell: ({ row: { original: location } }) => location.attributes.region ?? "—",
      },
      {
        id: "visibility",
        header: t("field.visibility"),
        cell: ({ row: { original: location } }) =>
          t(`visibility_${location.attributes.visibility}`),
      },
      {
        id: "sort_order",
        header: t("field.sort_order"),
        meta: { sortKey: "sort_order" },
        cell: ({ row: { original: location } }) => location.attributes.sort_order,
      },
    ];
  }, [intl]);
}

// /services: the admins' services in the order visitors see them, with their category, duration
// and how many locations offer them; up/down buttons reorder (PUT /services/order, said in a toast,
// focus kept on the moved service), a toggle shows
// the archived ones, and the vendor's categories are managed below the list.
import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import {
  type ServiceAdminResource,
  useOrderServices,
  useServiceCategories,
  useServicesAdmin,
} from "../../api/office/services-admin.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { showToast } from "../../ui/toast.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { CategoriesSection } from "./categories-section.tsx";
import { MoveButtons, moved } from "./move-buttons.tsx";
import styles from "./services.module.css";

type Failure = { text: string; key: number };

export function ServicesPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.services.title");
  usePageTitle(title);
  const [archived, setArchived] = useState(false);
  const services = useServicesAdmin(archived ? "true" : "false");
  const categories = useServiceCategories();
  const order = useOrderServices();
  const [failure, setFailure] = useState<Failure | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const categoryName = (id: string | null) =>
    id === null ? null : (categories.data?.find((c) => c.id === id)?.attributes.name ?? null);

  function move(list: readonly ServiceAdminResource[], from: number, to: number) {
    if (order.isPending) return;
    const next = moved(list, from, to);
    const name = list[from]?.attributes.name ?? "";
    order.mutate(
      next.map((service) => service.id),
      {
        onSuccess: () => {
          setFailure(null);
          showToast(t("Office.services.moved", { name, position: to + 1 }));
          // Keep focus on the moved service's own button in its new place.
          requestAnimationFrame(() => {
            const button = listRef.current?.querySelectorAll<HTMLButtonElement>(
              `[data-service="${list[from]?.id}"] button:not(:disabled)`,
            )[0];
            button?.focus();
          });
        },
        onError: (error) => setFailure({ text: describeError(intl, error), key: Date.now() }),
      },
    );
  }

  const list = services.data ?? [];
  return (
    <section aria-labelledby="services-title" className={styles.page}>
      <h1 id="services-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.services.intro")}</p>
      <div className={styles.actions}>
        <Link to={paths.newService()} className={`${controls.button} ${controls.primary}`}>
          {t("Office.services.add")}
        </Link>
        <Link to={paths.questions()} className={`${controls.button} ${controls.secondary}`}>
          {t("Office.services.questions_link")}
        </Link>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => setArchived(event.target.checked)}
          />
          {t("Office.services.show_archived")}
        </label>
      </div>
      <div role="alert" className={styles.region}>
        {failure && (
          <p key={failure.key} className={controls.alert}>
            {failure.text}
          </p>
        )}
        {services.isError && (
          <p className={controls.alert}>{describeError(intl, services.error)}</p>
        )}
      </div>
      <div className={styles.card}>
        <h2>
          {archived ? t("Office.services.archived_heading") : t("Office.services.list_heading")}
        </h2>
        {services.isPending ? (
          <p className={styles.meta}>{t("Office.services.loading")}</p>
        ) : list.length === 0 ? (
          <p className={styles.meta}>
            {archived ? t("Office.services.none_archived") : t("Office.services.none")}
          </p>
        ) : (
          <ul className={styles.list} ref={listRef}>
            {list.map((service, index) => {
              const a = service.attributes;
              const category = categoryName(a.category_id);
              return (
                <li key={service.id} className={styles.row} data-service={service.id}>
                  <div className={styles.rowMain}>
                    <Link to={paths.service(service.id)} className={styles.rowName}>
                      {a.name}
                    </Link>
                    <span className={styles.meta}>
                      {[
                        category ?? t("Office.services.no_category"),
                        t("Office.services.minutes", { count: a.duration_minutes }),
                        t("Office.services.location_count", { count: a.location_ids.length }),
                      ].join(" · ")}
                    </span>
                  </div>
                  {!archived && (
                    <div className={styles.rowActions}>
                      <MoveButtons
                        name={a.name}
                        index={index}
                        count={list.length}
                        disabled={order.isPending}
                        onMove={(from, to) => move(list, from, to)}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <CategoriesSection />
    </section>
  );
}

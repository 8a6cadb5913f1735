// /select-service (spec §2 client booking steps): the services to book, those of the chosen location
// or, before one is chosen, every service some location offers; as a list or a grid
// (client_view.service_step_layout). Each is a link to the next step with the service chosen, so
// back, forward and reload keep the choice.
import { FormattedMessage } from "react-intl";
import { useCurrentVendor } from "../../current-vendor.ts";
import { Link } from "../../routing/routing.tsx";
import styles from "./booking.module.css";
import { Chevron, StepPage } from "./step-page.tsx";

export function SelectServicePage() {
  const layout = useCurrentVendor().attributes?.client_view.service_step_layout ?? "list";
  return (
    <StepPage step="service" titleId="Booking.service_title">
      {(flow) =>
        flow.services.length === 0 ? (
          <p className={styles.notice} role="status">
            <FormattedMessage id="Booking.no_services" />
          </p>
        ) : (
          <ul className={layout === "grid" ? styles.grid : styles.choices}>
            {flow.services.map((service) => (
              <li key={service.id}>
                <Link
                  className={styles.choice}
                  to={flow.continueTo({ serviceId: service.id })}
                  aria-current={service.id === flow.selection.serviceId || undefined}
                >
                  <span className={styles.choiceText}>
                    <span className={styles.choiceName}>{service.name}</span>
                    {service.instructions && (
                      <span className={styles.choiceHint}>{service.instructions}</span>
                    )}
                  </span>
                  <Chevron />
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </StepPage>
  );
}

// The add-walk-in dialog: loads the services of the location's line, then the form. Loaded on
// first use, with the shared join rules it brings.
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { useWalkInServices } from "../../api/office/walk-in-services.ts";
import controls from "../../ui/controls.module.css";
import styles from "../../ui/modal-dialog.module.css";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { WalkInForm } from "./walk-in-form.tsx";

type Props = {
  locationId: string;
  onClose: () => void;
  onAdded: (entry: LobbyEntry) => void;
};

export function WalkInDialog({ locationId, onClose, onAdded }: Props) {
  const intl = useIntl();
  const services = useWalkInServices(locationId);
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={intl.formatMessage({ id: "Office.add_walk_in" })}
      size="large"
    >
      {services.isPending ? (
        <p role="status" className={styles.body}>
          {intl.formatMessage({ id: "Office.loading" })}
        </p>
      ) : services.isError ? (
        <div role="alert" className={styles.body}>
          <p>{intl.formatMessage({ id: "Office.services_load_failed" })}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => services.refetch()}
          >
            {intl.formatMessage({ id: "Common.try_again" })}
          </button>
        </div>
      ) : services.data.length === 0 ? (
        <p className={styles.body}>{intl.formatMessage({ id: "Office.no_walk_in_services" })}</p>
      ) : (
        <WalkInForm
          locationId={locationId}
          services={services.data}
          onAdded={onAdded}
          onCancel={onClose}
        />
      )}
    </ModalDialog>
  );
}

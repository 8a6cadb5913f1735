// Moves a waiting visitor to another service, or another of the staff member's locations: the visitor
// keeps their place by arrival time in the new line (docs/lobby-api.md). The services offered are
// those of the chosen location's line; the server's refusals show beside the field they concern.
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { useLocationQueue } from "../../api/office/location-queue.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "../../ui/modal-dialog.module.css";
import { ModalDialog } from "../../ui/modal-dialog.tsx";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { visitorName } from "./use-lobby-actions.ts";

type Props = {
  entry: LobbyEntry;
  onClose: () => void;
  onTransfer: (to: { locationId: string; serviceId: string }) => Promise<unknown>;
};

type Errors = { location?: string; service?: string; root?: string };

export function TransferDialog({ entry, onClose, onTransfer }: Props) {
  const intl = useIntl();
  const me = useStaffSession();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [locationId, setLocationId] = useState(entry.attributes.location_id);
  const [serviceId, setServiceId] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const serviceField = useRef<HTMLSelectElement>(null);
  const locationField = useRef<HTMLSelectElement>(null);
  const line = useLocationQueue(locationId);
  // The visitor's own line is no transfer: its service is left out there.
  const services = (line.data?.meta.services ?? []).filter(
    (service) =>
      locationId !== entry.attributes.location_id || service.id !== entry.attributes.service.id,
  );
  const name = visitorName(entry);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (serviceId === "") {
      setErrors({ service: t("Errors.required") });
      serviceField.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await onTransfer({ locationId, serviceId });
      onClose();
    } catch (error) {
      const refused = fieldErrorsOf(error);
      const found: Errors = {
        location: refused.get("/data/attributes/location_id"),
        service: refused.get("/data/attributes/service_id"),
      };
      if (!found.location && !found.service) found.root = describeError(intl, error);
      setErrors(found);
      if (found.location) locationField.current?.focus();
      else if (found.service) serviceField.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalDialog isOpen onClose={onClose} title={t("Office.transfer_title", { name })}>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <p>{t("Office.transfer_intro", { name })}</p>
        {errors.root && (
          <p className={controls.alert} role="alert">
            {errors.root}
          </p>
        )}
        <Field label={t("Office.location")} error={errors.location} required>
          {(control) => (
            <select
              {...control}
              ref={locationField}
              className={controls.input}
              value={locationId}
              onChange={(event) => {
                setLocationId(event.target.value);
                setServiceId("");
                setErrors({});
              }}
            >
              {me.locations.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.service")} error={errors.service} required>
          {(control) => (
            <select
              {...control}
              ref={serviceField}
              className={controls.input}
              value={serviceId}
              aria-busy={line.isPending || undefined}
              onChange={(event) => {
                setServiceId(event.target.value);
                setErrors({});
              }}
            >
              <option value="">
                {t(line.isPending ? "Office.transfer_services_loading" : "Office.transfer_choose")}
              </option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={styles.buttons}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onClose}
          >
            {t("Office.cancel")}
          </button>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={saving || undefined}
          >
            {t("Office.transfer")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

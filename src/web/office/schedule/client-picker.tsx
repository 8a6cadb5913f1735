// Whom an appointment is booked for: a client found by name, email or phone (the first page of
// the search), or a new one entered here (first and last name, email, mobile).
import { useState } from "react";
import { useIntl } from "react-intl";
import { CLIENT_SEARCH_MIN_LENGTH, useClientSearch } from "../../api/office/client-search.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./schedule.module.css";

export type NewClient = {
  first_name: string;
  last_name: string;
  email: string;
  cell_phone: string;
};
export type ClientChoice =
  | { kind: "existing"; id: string | null; name: string | null }
  | { kind: "new"; client: NewClient };

export const emptyNewClient: NewClient = {
  first_name: "",
  last_name: "",
  email: "",
  cell_phone: "",
};

type Props = {
  value: ClientChoice;
  onChange: (choice: ClientChoice) => void;
  errors: Partial<Record<keyof NewClient | "client", string>>;
};

export function ClientPicker({ value, onChange, errors }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [search, setSearch] = useState("");
  const found = useClientSearch(value.kind === "existing" ? search : "");
  const newClient = value.kind === "new" ? value.client : emptyNewClient;
  const setField = (key: keyof NewClient, text: string) =>
    onChange({ kind: "new", client: { ...newClient, [key]: text } });

  return (
    <fieldset className={styles.clientPicker}>
      <legend>{t("Schedule.field_client")}</legend>
      <div className={styles.segmented}>
        <label>
          <input
            type="radio"
            name="client-kind"
            checked={value.kind === "existing"}
            onChange={() => onChange({ kind: "existing", id: null, name: null })}
          />
          {t("Schedule.client_existing")}
        </label>
        <label>
          <input
            type="radio"
            name="client-kind"
            checked={value.kind === "new"}
            onChange={() => onChange({ kind: "new", client: emptyNewClient })}
          />
          {t("Schedule.client_new")}
        </label>
      </div>
      {value.kind === "existing" ? (
        <>
          <Field
            label={t("Schedule.client_search")}
            hint={t("Schedule.client_search_hint")}
            error={errors.client}
          >
            {(control) => (
              <input
                {...control}
                type="search"
                className={controls.input}
                value={search}
                autoComplete="off"
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </Field>
          {search.trim().length >= CLIENT_SEARCH_MIN_LENGTH &&
            (found.isPending ? (
              <p role="status">{t("Schedule.client_searching")}</p>
            ) : found.isError ? (
              <p role="alert">{t("Schedule.client_search_failed")}</p>
            ) : found.data.length === 0 ? (
              <p role="status">{t("Schedule.client_none")}</p>
            ) : (
              <fieldset className={styles.times}>
                <legend className="visually-hidden">{t("Schedule.client_results")}</legend>
                <ul className={styles.clientResults}>
                  {found.data.map((client) => {
                    const name = `${client.attributes.first_name} ${client.attributes.last_name}`;
                    const contact = [
                      client.attributes.email,
                      client.attributes.cell_phone_formatted,
                    ]
                      .filter(Boolean)
                      .join(" · ");
                    return (
                      <li key={client.id}>
                        <label className={styles.timeChoice}>
                          <input
                            type="radio"
                            name="client-found"
                            checked={value.id === client.id}
                            onChange={() => onChange({ kind: "existing", id: client.id, name })}
                          />
                          <span>
                            {name}
                            {contact && <span className={styles.muted}> {contact}</span>}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
        </>
      ) : (
        <div className={styles.formGrid}>
          {(
            [
              ["first_name", "Schedule.client_first_name", "given-name", "text", true],
              ["last_name", "Schedule.client_last_name", "family-name", "text", true],
              ["email", "Schedule.client_email", "email", "email", false],
              ["cell_phone", "Schedule.client_mobile", "tel", "tel", false],
            ] as const
          ).map(([key, labelId, autoComplete, type, required]) => (
            <Field key={key} label={t(labelId)} required={required} error={errors[key]}>
              {(control) => (
                <input
                  {...control}
                  type={type}
                  className={controls.input}
                  autoComplete={`section-client ${autoComplete}`}
                  value={newClient[key]}
                  onChange={(event) => setField(key, event.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      )}
    </fieldset>
  );
}

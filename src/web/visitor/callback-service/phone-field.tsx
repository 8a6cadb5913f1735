// Mobile phone with its country (spec §2, §5): a country selector (the location's country first
// chosen, Canada and the United States listed first) beside the number as the visitor writes it.
// The country data (libphonenumber) loads once the page is idle, or at once when the visitor
// reaches the field; the list of some 240 countries is rendered only when the visitor reaches the
// selector (focus, touch or click, before it opens), so a visitor who never changes the country
// never pays for it. Until then the selector holds the chosen country alone.
import { useId, useLayoutEffect, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DEFAULT_PHONE_COUNTRY } from "../../../shared/queue/phone-rules.ts";
import { useFormContext, useWatch } from "../../forms/form-store.ts";
import { useIdle } from "../../ui/when-idle.ts";
import styles from "./callback-form.module.css";
import { describedBy, FieldError } from "./field-error.tsx";
import { FieldLabel, type Requirement } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import { usePhoneCountriesModule } from "./load-phone-countries.ts";
import type { PhoneCountry } from "./phone-countries.ts";

type Props = { requirement: Requirement | null; autoComplete: boolean };

function regionName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function PhoneField({ requirement, autoComplete }: Props) {
  const intl = useIntl();
  const { register, formState, setValue, getValues } = useFormContext<CallbackFormValues>();
  const chosen = useWatch<CallbackFormValues, "phone_country">({ name: "phone_country" });
  const idle = useIdle();
  // The select needs the list; the number alone needs only the module (to read national numbers).
  const [reached, setReached] = useState(false);
  const [numberReached, setNumberReached] = useState(false);
  const reach = () => setReached(true);
  const phoneModule = usePhoneCountriesModule(idle || reached || numberReached).data;
  const countries = useMemo(
    () => (reached ? phoneModule?.phoneCountries(intl.locale) : undefined),
    [reached, phoneModule, intl.locale],
  );
  // When the data arrives, a country it does not know gives way to the default; when the full list
  // replaces the lone option, the select is given the chosen country again, in the same commit, so
  // a select opened by the touch that asked for the list already shows it.
  const listShown = countries !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listShown re-runs it when the list replaces the lone option
  useLayoutEffect(() => {
    if (!phoneModule) return;
    const current = getValues("phone_country");
    setValue(
      "phone_country",
      phoneModule.isPhoneCountry(current) ? current : DEFAULT_PHONE_COUNTRY,
    );
  }, [phoneModule, listShown, getValues, setValue]);
  const id = useId();
  const error = formState.errors.cell_phone;
  const option = (country: PhoneCountry) => (
    <option key={country.code} value={country.code}>
      {intl.formatMessage(
        { id: "Form.phone_country_option" },
        { country: country.name, code: country.callingCode },
      )}
    </option>
  );
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} requirement={requirement}>
        <FormattedMessage id="Form.phone" />
      </FieldLabel>
      {/* Reaching the selector (tab, touch or click) renders the list, loading it if idle time has not. */}
      <div className={styles.phone}>
        <select
          className={styles.select}
          aria-label={intl.formatMessage({ id: "Form.phone_country" })}
          aria-busy={reached && !countries}
          autoComplete="off"
          onFocus={reach}
          onPointerDown={reach}
          {...register("phone_country", { deps: ["cell_phone"] })}
        >
          {countries ? (
            <>
              <optgroup label={intl.formatMessage({ id: "Form.phone_countries_common" })}>
                {countries.first.map(option)}
              </optgroup>
              <optgroup label={intl.formatMessage({ id: "Form.phone_countries_all" })}>
                {countries.rest.map(option)}
              </optgroup>
            </>
          ) : phoneModule?.isPhoneCountry(chosen) ? (
            option({
              code: chosen,
              name: regionName(intl.locale, chosen),
              callingCode: phoneModule.callingCode(chosen),
            })
          ) : (
            <option value={chosen}>{regionName(intl.locale, chosen)}</option>
          )}
        </select>
        <input
          id={id}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete ? "tel" : "off"}
          aria-required={requirement === "required" || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(`${id}-error`)}
          onFocus={() => setNumberReached(true)}
          {...register("cell_phone", { deps: ["email"] })}
        />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

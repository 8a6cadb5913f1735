// Mobile phone with its country (spec §2, §5): a country selector (the location's country first
// chosen, Canada and the United States listed first) beside the number as the visitor writes it.
// Until the country list arrives (once the page is idle, or when the visitor reaches the field),
// the selector holds the chosen country alone.
import { useEffect, useId, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DEFAULT_PHONE_COUNTRY } from "../../../shared/queue/phone-rules.ts";
import { useFormContext, useWatch } from "../../forms/form-store.ts";
import { whenIdle } from "../../ui/when-idle.ts";
import styles from "./callback-form.module.css";
import { describedBy, FieldError } from "./field-error.tsx";
import { FieldLabel, type Requirement } from "./field-label.tsx";
import type { CallbackFormValues } from "./form-values.ts";
import { usePhoneCountriesModule } from "./load-phone-countries.ts";
import type { PhoneCountry } from "./phone-countries.ts";

type Props = { requirement: Requirement; autoComplete: boolean };

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
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  const want = () => setWanted(true);
  const phoneModule = usePhoneCountriesModule(wanted).data;
  const countries = useMemo(
    () => phoneModule?.phoneCountries(intl.locale),
    [phoneModule, intl.locale],
  );
  useEffect(() => {
    if (!phoneModule) return;
    // The full list replaced the lone option: select the chosen country in it again, or the
    // default when the phone metadata does not know the location's country.
    const current = getValues("phone_country");
    setValue(
      "phone_country",
      phoneModule.isPhoneCountry(current) ? current : DEFAULT_PHONE_COUNTRY,
    );
  }, [phoneModule, getValues, setValue]);
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
      {/* Reaching the field (tab, touch or click) fetches the country list if idle time has not. */}
      <div className={styles.phone}>
        <select
          className={styles.select}
          aria-label={intl.formatMessage({ id: "Form.phone_country" })}
          aria-busy={!countries}
          autoComplete="off"
          onFocus={want}
          onPointerDown={want}
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
          onFocus={want}
          {...register("cell_phone", { deps: ["email"] })}
        />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

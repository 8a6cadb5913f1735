// What the visit is: the service, the visitor's language (for their messages), how they meet staff
// (the methods the location and vendor take) and, in person, whether they wait inside or in their car.
import { useFormContext } from "react-hook-form";
import { useIntl } from "react-intl";
import type { ServiceOption } from "../../api/office/walk-in-services.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { ChoiceGroup } from "../../ui/choice-group.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./walk-in-form.module.css";
import type { WalkInValues } from "./walk-in-values.ts";

const METHOD_MESSAGES = {
  1: "Office.method_in_person",
  2: "Office.method_phone",
  3: "Office.method_video",
} as const;

type Props = {
  services: readonly ServiceOption[];
  methods: readonly (1 | 2 | 3)[];
  choosesFulfillment: boolean;
};

export function WalkInVisitFields({ services, methods, choosesFulfillment }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const vendor = useCurrentVendor().attributes;
  const {
    register,
    formState: { errors },
  } = useFormContext<WalkInValues>();
  return (
    <>
      <div className={styles.grid}>
        <Field label={t("Office.service")} error={errors.service_id?.message} required>
          {(control) => (
            <select {...control} {...register("service_id")} className={controls.input}>
              <option value="">{t("Office.choose")}</option>
              {services.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("Office.visitor_language")} error={errors.lang?.message}>
          {(control) => (
            <select {...control} {...register("lang")} className={controls.input}>
              {(vendor?.languages.available ?? Object.keys(LANGUAGE_NAMES)).map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code as keyof typeof LANGUAGE_NAMES] ?? code}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {methods.length > 1 && (
        <ChoiceGroup
          legend={t("Office.meeting_method")}
          type="radio"
          inline
          error={errors.meeting_method?.message}
          options={methods.map((method) => ({
            value: String(method),
            label: t(METHOD_MESSAGES[method]),
          }))}
          inputProps={register("meeting_method")}
        />
      )}
      {choosesFulfillment && (
        <ChoiceGroup
          legend={t("Office.fulfillment")}
          type="radio"
          inline
          error={errors.fulfillment_method?.message}
          options={[
            { value: "1", label: t("Office.fulfillment_walk_in") },
            { value: "2", label: t("Office.method_curbside") },
          ]}
          inputProps={register("fulfillment_method")}
        />
      )}
    </>
  );
}

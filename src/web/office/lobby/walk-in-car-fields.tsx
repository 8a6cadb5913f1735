// The car of a curbside visit (spec §5: make, model and colour required, a parking space if any).
import { useFormContext } from "react-hook-form";
import { useIntl } from "react-intl";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./walk-in-form.module.css";
import type { WalkInValues } from "./walk-in-values.ts";

const REQUIRED_PARTS = ["colour", "make", "model"] as const;

export function WalkInCarFields() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const {
    register,
    formState: { errors },
  } = useFormContext<WalkInValues>();
  return (
    <fieldset className={styles.car}>
      <legend className={styles.legend}>{t("Office.car")}</legend>
      <div className={styles.grid}>
        {REQUIRED_PARTS.map((part) => (
          <Field
            key={part}
            label={t(`Office.car_${part}`)}
            error={errors.car?.[part]?.message}
            required
          >
            {(control) => (
              <input
                {...control}
                {...register(`car.${part}`)}
                className={controls.input}
                autoComplete="off"
              />
            )}
          </Field>
        ))}
        <Field
          label={t("Office.car_parking_space")}
          error={errors.car?.parking_space?.message}
          markOptional
        >
          {(control) => (
            <input
              {...control}
              {...register("car.parking_space")}
              className={controls.input}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

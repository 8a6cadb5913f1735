// The car details of a curbside pickup (spec §2, §5): make, model and colour are required so staff
// can find the car; the parking space helps when the lot has numbered spaces.
import { FormattedMessage } from "react-intl";
import styles from "./callback-form.module.css";
import { TextField } from "./text-field.tsx";

export function CarDetails() {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>
        <FormattedMessage id="Form.car_details" />
      </legend>
      <p className={styles.hint}>
        <FormattedMessage id="Form.car_details_hint" />
      </p>
      <div className={`${styles.row} ${styles.groupBody}`}>
        <TextField name="car_details.make" labelId="Form.car_make" requirement="required" />
        <TextField name="car_details.model" labelId="Form.car_model" requirement="required" />
        <TextField name="car_details.colour" labelId="Form.car_colour" requirement="required" />
        <TextField
          name="car_details.parking_space"
          labelId="Form.parking_space"
          requirement="optional"
        />
      </div>
    </fieldset>
  );
}

// A text field with a list that narrows as one types, on React Aria's ComboBox: arrows move through
// the matches, Enter picks one, Escape closes the list. Only an option of the list is taken: on
// leaving the field a text that names none goes back to the chosen value, so the form never holds
// something the list does not offer; a text that is exactly an option's label (any letter case,
// typed out or pasted) chooses it.
import {
  ComboBox as AriaComboBox,
  Button,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from "react-aria-components";
import { useIntl } from "react-intl";
import styles from "./combobox.module.css";
import controls from "./controls.module.css";
import fieldStyles from "./field.module.css";

export type ComboboxOption = { id: string; label: string };

type Props = {
  label: string;
  options: readonly ComboboxOption[];
  /** the chosen option's id; null for none */
  value: string | null;
  onChange: (id: string | null) => void;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  /**
   * Whether a typed text matches an option's label; by default, a case- and accent-blind "contains"
   * that also reads "_" as a space.
   */
  matches?: (label: string, typed: string) => boolean;
};

const loose = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/_/g, " ")
    .toLocaleLowerCase();

export const containsLoosely = (label: string, typed: string) =>
  loose(label).includes(loose(typed));

export function Combobox(props: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.ui.combobox.${id}` });
  // A text that is exactly an option (typed out or pasted whole) is that option at once.
  const takeExactMatch = (typed: string) => {
    const text = typed.trim().toLocaleLowerCase();
    const exact = props.options.find((option) => option.label.toLocaleLowerCase() === text);
    if (exact && exact.id !== props.value) props.onChange(exact.id);
  };
  return (
    <AriaComboBox
      className={fieldStyles.field}
      defaultItems={props.options}
      defaultFilter={props.matches ?? containsLoosely}
      value={props.value}
      onChange={(key) => props.onChange(key === null ? null : String(key))}
      onInputChange={takeExactMatch}
      isInvalid={Boolean(props.error)}
      isRequired={props.required ?? false}
      validationBehavior="aria"
      allowsEmptyCollection
    >
      <Label className={fieldStyles.label}>
        {props.label}
        {props.required && (
          <span className={fieldStyles.suffix}>
            {" "}
            {intl.formatMessage({ id: "Office.field_required" })}
          </span>
        )}
      </Label>
      {props.hint && (
        <Text slot="description" className={fieldStyles.hint}>
          {props.hint}
        </Text>
      )}
      <div className={styles.control}>
        <Input className={`${controls.input} ${styles.input}`} autoComplete="off" />
        <Button className={styles.toggle} aria-label={t("show_all")}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <FieldError className={fieldStyles.error}>{props.error}</FieldError>
      <Popover className={styles.popover} offset={4}>
        <ListBox<ComboboxOption>
          className={styles.list}
          renderEmptyState={() => <p className={styles.empty}>{t("no_match")}</p>}
        >
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className={styles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

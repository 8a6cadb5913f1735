// Per-language texts of an object's translated fields (spec §3 translations: locale, field,
// content), folded away under one disclosure: an empty text falls back to the default one.
import { useIntl } from "react-intl";
import type { TranslationValue } from "../../../shared/contracts/service-admin.ts";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import styles from "./services.module.css";

type Props = {
  fields: readonly { field: string; label: string; multiline?: boolean }[];
  value: readonly TranslationValue[];
  onChange: (next: TranslationValue[]) => void;
  error?: string | undefined;
};

export function contentOf(list: readonly TranslationValue[], locale: string, field: string) {
  return list.find((t) => t.locale === locale && t.field === field)?.content ?? "";
}

export function withContent(
  list: readonly TranslationValue[],
  locale: Locale,
  field: string,
  content: string,
): TranslationValue[] {
  const rest = list.filter((t) => !(t.locale === locale && t.field === field));
  return content === "" ? rest : [...rest, { locale, field, content }];
}

export function TranslationFields({ fields, value, onChange, error }: Props) {
  const intl = useIntl();
  const filled = new Set(value.filter((t) => t.content.trim()).map((t) => t.locale)).size;
  return (
    <details className={styles.details} open={Boolean(error)}>
      <summary>
        {intl.formatMessage({ id: "Office.services.translations" }, { count: filled })}
      </summary>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.meta}>
        {intl.formatMessage({ id: "Office.services.translations_hint" })}
      </p>
      {LOCALES.map((locale) => (
        <fieldset key={locale} className={`${styles.fieldset} ${styles.locale}`} lang={locale}>
          <legend>{LANGUAGE_NAMES[locale]}</legend>
          <div className={styles.grid}>
            {fields.map(({ field, label, multiline }) => (
              <Field key={field} label={`${label} (${LANGUAGE_NAMES[locale]})`}>
                {(control) =>
                  multiline ? (
                    <textarea
                      {...control}
                      className={controls.input}
                      rows={2}
                      value={contentOf(value, locale, field)}
                      onChange={(event) =>
                        onChange(withContent(value, locale, field, event.target.value))
                      }
                    />
                  ) : (
                    <input
                      {...control}
                      className={controls.input}
                      value={contentOf(value, locale, field)}
                      onChange={(event) =>
                        onChange(withContent(value, locale, field, event.target.value))
                      }
                    />
                  )
                }
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
    </details>
  );
}

// The sections of a location's edit form: basics; address, time zone and coordinates (found from
// the address through the install's geocoder when there is one, else typed, with a link to check
// them on a map); contact; what visitors see and may do; and a tab per language for the translated
// name, address, city and instructions.
import { type ChangeEvent, lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { LOCATION_TRANSLATABLE_FIELDS } from "../../../shared/contracts/admin-location.ts";
import { LOCALES } from "../../../shared/domain.ts";
import { ApiError } from "../../api/client.ts";
import { createGeocoderPlacesProvider, type PlaceSuggestion } from "../../api/places.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { Combobox } from "../../ui/combobox.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { Tabs } from "../../ui/tabs.tsx";
import { paths } from "../office-paths.ts";
import {
  type FlagField,
  type LocationDraft,
  type TextField,
  type TranslationKey,
  translationList,
} from "./location-draft.ts";
import styles from "./location-edit-page.module.css";

const POINTER = "/data/attributes/";

// Leaflet and its CSS arrive in their own chunk, only when the page shows a map.
const LocationPinMap = lazy(() =>
  import("./location-pin-map.tsx").then((m) => ({ default: m.LocationPinMap })),
);

/**
 * The server's field errors keyed by draft field ("name", "fr:instructions"); a translation's
 * pointer names its index in the list the draft sent.
 */
export function errorsByField(error: unknown, draft: LocationDraft): Map<string, string> {
  const byField = new Map<string, string>();
  if (!(error instanceof ApiError)) return byField;
  const sent = translationList(draft);
  for (const item of error.errors) {
    const pointer = item.source?.pointer;
    if (!pointer?.startsWith(POINTER) || !item.detail) continue;
    const [name, index] = pointer.slice(POINTER.length).split("/");
    if (!name) continue;
    let key = name;
    if (name === "translations" && index !== undefined) {
      const translation = sent[Number(index)];
      if (translation) key = `${translation.locale}:${translation.field}`;
    }
    if (!byField.has(key)) byField.set(key, item.detail);
  }
  return byField;
}

type Props = {
  draft: LocationDraft;
  onChange: (update: (draft: LocationDraft) => LocationDraft) => void;
  errors: ReadonlyMap<string, string>;
};

/**
 * Every IANA zone the browser knows, for the time zone's list, and UTC: browsers list only
 * geographic zones, and a business that keeps its clocks on UTC must be able to say so.
 */
function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  let zones: string[];
  try {
    zones = [...(intl.supportedValuesOf?.("timeZone") ?? [])];
  } catch {
    zones = [];
  }
  if (!zones.includes("UTC")) zones.push("UTC");
  return zones;
}

export function LocationFields({ draft, onChange, errors }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const zonesId = useId();
  const set = (field: TextField | FlagField | "visibility", value: string | boolean) =>
    onChange((draft) => ({ ...draft, [field]: value }));

  const text = (
    field: TextField,
    options: {
      required?: boolean;
      hint?: string;
      multiline?: boolean;
      inputMode?: "decimal" | "numeric" | "tel" | "url";
      type?: "text" | "tel" | "url";
      autoComplete?: string;
      maxLength?: number;
      list?: string;
      className?: string;
    } = {},
  ) => (
    <div className={options.className}>
      <Field
        label={t(`field.${field}`)}
        hint={options.hint}
        error={errors.get(field)}
        required={options.required ?? false}
      >
        {(control) =>
          options.multiline ? (
            <textarea
              {...control}
              className={controls.input}
              rows={3}
              value={draft[field]}
              onChange={(event) => set(field, event.target.value)}
            />
          ) : (
            <input
              {...control}
              className={controls.input}
              type={options.type ?? "text"}
              inputMode={options.inputMode}
              autoComplete={options.autoComplete ?? "off"}
              maxLength={options.maxLength}
              list={options.list}
              value={draft[field]}
              onChange={(event) => set(field, event.target.value)}
            />
          )
        }
      </Field>
    </div>
  );

  const flag = (field: FlagField, hint?: string) => {
    const hintId = `${zonesId}-${field}-hint`;
    return (
      <div className={styles.check}>
        <input
          id={`${zonesId}-${field}`}
          type="checkbox"
          checked={draft[field]}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => set(field, event.target.checked)}
        />
        <div>
          <label htmlFor={`${zonesId}-${field}`}>{t(`field.${field}`)}</label>
          {hint && (
            <p id={hintId} className={styles.hint}>
              {hint}
            </p>
          )}
        </div>
      </div>
    );
  };

  const tileUrl = useCurrentVendor().attributes?.maps?.tile_url;
  const latitude = Number(draft.latitude.replace(",", "."));
  const longitude = Number(draft.longitude.replace(",", "."));
  const hasCoordinates =
    draft.latitude.trim() !== "" &&
    draft.longitude.trim() !== "" &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;

  return (
    <>
      <section aria-labelledby="basics-title" className={styles.card}>
        <h2 id="basics-title" className={styles.sectionTitle}>
          {t("section_basics")}
        </h2>
        <div className={styles.grid}>
          {text("name", { required: true, className: styles.wide })}
          {text("external_id", { hint: t("hint.external_id") })}
          {text("region", { hint: t("hint.region") })}
          {text("sort_order", { inputMode: "numeric", hint: t("hint.sort_order") })}
          <Field label={t("field.lang")} hint={t("hint.lang")} error={errors.get("lang")}>
            {(control) => (
              <select
                {...control}
                className={controls.input}
                value={draft.lang}
                onChange={(event) => set("lang", event.target.value)}
              >
                <option value="">{t("lang_vendor_default")}</option>
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>
                    {LANGUAGE_NAMES[locale]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {flag("physical", t("hint.physical"))}
      </section>

      <section aria-labelledby="address-title" className={styles.card}>
        <h2 id="address-title" className={styles.sectionTitle}>
          {t("section_address")}
        </h2>
        <div className={styles.grid}>
          {text("address", {
            required: true,
            autoComplete: "street-address",
            className: styles.wide,
          })}
          {text("city", { required: true })}
          {text("prov_state")}
          {text("postal_zip")}
          {text("country", { required: true, maxLength: 2, hint: t("hint.country") })}
          <TimeZoneField
            label={t("field.timezone")}
            hint={t("hint.timezone")}
            error={errors.get("timezone")}
            value={draft.timezone}
            onChange={(zone) => set("timezone", zone)}
          />
        </div>
        <h3 className={styles.subTitle}>{t("coordinates_title")}</h3>
        <FindOnMap
          draft={draft}
          onFound={(lat, lng) =>
            onChange((draft) => ({ ...draft, latitude: String(lat), longitude: String(lng) }))
          }
        />
        <div className={styles.grid}>
          {text("latitude", { required: true, inputMode: "decimal", hint: t("hint.latitude") })}
          {text("longitude", { required: true, inputMode: "decimal", hint: t("hint.longitude") })}
        </div>
        {hasCoordinates && tileUrl && (
          <>
            <p className={styles.hint}>{t("map_hint")}</p>
            <Suspense fallback={null}>
              <LocationPinMap
                tileUrl={tileUrl}
                lat={latitude}
                lng={longitude}
                onMove={(lat, lng) =>
                  onChange((draft) => ({
                    ...draft,
                    latitude: String(lat),
                    longitude: String(lng),
                  }))
                }
              />
            </Suspense>
          </>
        )}
        {hasCoordinates && (
          <p className={styles.hint}>
            <a href={paths.mapPreview(latitude, longitude)} target="_blank" rel="noreferrer">
              {t("map_preview")}
            </a>
          </p>
        )}
      </section>

      <section aria-labelledby="contact-title" className={styles.card}>
        <h2 id="contact-title" className={styles.sectionTitle}>
          {t("section_contact")}
        </h2>
        <div className={styles.grid}>
          {text("phone", { type: "tel", inputMode: "tel", hint: t("hint.phone") })}
          {text("google_review_url", {
            type: "url",
            inputMode: "url",
            hint: t("hint.google_review_url"),
          })}
          {text("mailing_code")}
        </div>
      </section>

      <section aria-labelledby="visitors-title" className={styles.card}>
        <h2 id="visitors-title" className={styles.sectionTitle}>
          {t("section_visitors")}
        </h2>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("field.visibility")}</legend>
          {(["public", "private"] as const).map((value) => (
            <div key={value} className={styles.check}>
              <input
                id={`${zonesId}-visibility-${value}`}
                type="radio"
                name={`${zonesId}-visibility`}
                value={value}
                checked={draft.visibility === value}
                aria-describedby={`${zonesId}-visibility-${value}-hint`}
                onChange={() => set("visibility", value)}
              />
              <div>
                <label htmlFor={`${zonesId}-visibility-${value}`}>{t(`visibility_${value}`)}</label>
                <p id={`${zonesId}-visibility-${value}-hint`} className={styles.hint}>
                  {t(`visibility_${value}_hint`)}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("meeting_methods")}</legend>
          {flag("supports_in_person")}
          {flag("supports_phone")}
          {flag("supports_video")}
        </fieldset>
        {flag("supports_curbside_pickup", t("hint.supports_curbside_pickup"))}
        {flag("restrict_callback_request_hours", t("hint.restrict_callback_request_hours"))}
        {text("instructions", { multiline: true, hint: t("hint.instructions") })}
      </section>

      <section aria-labelledby="translations-title" className={styles.card}>
        <h2 id="translations-title" className={styles.sectionTitle}>
          {t("section_translations")}
        </h2>
        <p className={styles.hint}>{t("translations_intro")}</p>
        <TranslationTabs draft={draft} onChange={onChange} errors={errors} />
      </section>
    </>
  );
}

/**
 * The IANA time zone, picked from the browser's list by typing part of it ("toron" finds
 * America/Toronto). A zone saved before that this browser does not list stays choosable.
 */
function TimeZoneField(props: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (zone: string) => void;
}) {
  const { value } = props;
  const options = useMemo(() => {
    const zones = timeZones();
    if (value && !zones.includes(value)) zones.unshift(value);
    return zones.map((zone) => ({ id: zone, label: zone }));
  }, [value]);
  return (
    <Combobox
      label={props.label}
      hint={props.hint}
      error={props.error}
      required
      options={options}
      value={value || null}
      onChange={(zone) => props.onChange(zone ?? "")}
    />
  );
}

/**
 * One tab per language. A save the server refused shows the first language with a refused
 * field; each such tab says so in its name.
 */
function TranslationTabs({ draft, onChange, errors }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const refusedIn = (locale: string) =>
    LOCATION_TRANSLATABLE_FIELDS.some((field) => errors.has(`${locale}:${field}`));
  const [selected, setSelected] = useState<string>(LOCALES[0]);
  const firstRefused = LOCALES.find(refusedIn);
  useEffect(() => {
    if (firstRefused) setSelected(firstRefused);
  }, [firstRefused]);
  return (
    <Tabs
      label={t("section_translations")}
      selected={selected}
      onSelect={setSelected}
      tabs={LOCALES.map((locale) => ({
        id: locale,
        lang: locale,
        label: LANGUAGE_NAMES[locale],
        note: t("translations_filled", {
          count: LOCATION_TRANSLATABLE_FIELDS.filter(
            (field) => draft.translations[`${locale}:${field}` as TranslationKey],
          ).length,
          total: LOCATION_TRANSLATABLE_FIELDS.length,
        }),
        hasErrors: refusedIn(locale),
        panel: (
          <TranslationPanel locale={locale} draft={draft} onChange={onChange} errors={errors} />
        ),
      }))}
    />
  );
}

function TranslationPanel({ locale, draft, onChange, errors }: { locale: string } & Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const keyOf = (field: string) => `${locale}:${field}` as TranslationKey;
  return (
    <div className={styles.grid}>
      {LOCATION_TRANSLATABLE_FIELDS.map((field) => (
        <div key={field} className={field === "instructions" ? styles.wide : undefined}>
          <Field
            label={t("translation_label", {
              field: t(`field.${field}`),
              language: LANGUAGE_NAMES[locale as keyof typeof LANGUAGE_NAMES],
            })}
            error={errors.get(keyOf(field))}
          >
            {(control) => {
              // The same value and change for the one-line fields and the instructions' text area.
              const text = {
                ...control,
                lang: locale,
                className: controls.input,
                value: draft.translations[keyOf(field)] ?? "",
                onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
                  const value = event.target.value;
                  onChange((draft) => ({
                    ...draft,
                    translations: { ...draft.translations, [keyOf(field)]: value },
                  }));
                },
              };
              return field === "instructions" ? (
                <textarea {...text} rows={2} />
              ) : (
                <input {...text} />
              );
            }}
          </Field>
        </div>
      ))}
    </div>
  );
}

/**
 * "Find from the address": asks the install's geocoder (GET /api/v2/open/places) and offers its
 * places; choosing one fills the coordinates. Without a geocoder the coordinates are typed.
 */
function FindOnMap({
  draft,
  onFound,
}: {
  draft: LocationDraft;
  onFound: (lat: number, lng: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const vendor = useCurrentVendor();
  const geocoder = vendor.attributes?.maps?.places === "geocoder";
  const [state, setState] = useState<
    | { kind: "idle" }
    | { kind: "searching" }
    | { kind: "found"; places: { suggestion: PlaceSuggestion; lat: number; lng: number }[] }
    | { kind: "failed" }
  >({ kind: "idle" });
  if (!geocoder) return <p className={styles.hint}>{t("coordinates_manual")}</p>;
  const query = [draft.address, draft.city, draft.prov_state, draft.postal_zip, draft.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");

  const search = async () => {
    if (query.length < 2 || state.kind === "searching") return;
    setState({ kind: "searching" });
    try {
      const provider = createGeocoderPlacesProvider();
      const suggestions = await provider.suggest(query, { locale: vendor.locale });
      const places = await Promise.all(
        suggestions.map(async (suggestion) => {
          const details = await provider.details(suggestion);
          return { suggestion, lat: details.latitude, lng: details.longitude };
        }),
      );
      setState({ kind: "found", places });
    } catch {
      setState({ kind: "failed" });
    }
  };

  return (
    <div className={styles.finder}>
      <p className={styles.hint}>{t("coordinates_geocoder")}</p>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        aria-disabled={query.length < 2 || state.kind === "searching" || undefined}
        onClick={search}
      >
        {t(state.kind === "searching" ? "finding" : "find_on_map")}
      </button>
      <div role="status">
        {state.kind === "failed" && <p className={styles.hint}>{t("find_failed")}</p>}
        {state.kind === "found" && (
          <p className={styles.hint}>{t("find_found", { count: state.places.length })}</p>
        )}
      </div>
      {state.kind === "found" && state.places.length > 0 && (
        <ul className={styles.places}>
          {state.places.map(({ suggestion, lat, lng }) => (
            <li key={suggestion.id}>
              <button
                type="button"
                className={`${controls.button} ${controls.quiet}`}
                onClick={() => {
                  onFound(lat, lng);
                  setState({ kind: "idle" });
                }}
              >
                {t("use_place", {
                  name: [suggestion.name, suggestion.description].filter(Boolean).join(", "),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

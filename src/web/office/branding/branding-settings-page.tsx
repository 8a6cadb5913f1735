// settings/branding/general: the vendor's colours (each with its WCAG AA verdict), font and weights,
// and logo, beside a live preview of a visitor page in the draft. Saved as a whole with the
// settings version as If-Match: the server's reasons show under each input with focus on the first;
// a 409 offers to load what someone else saved. The logo is sent on its own as soon as it is chosen.
import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import { AA_NORMAL_TEXT, contrastRatio } from "../../../shared/colour-contrast.ts";
import {
  BRANDING_FONTS,
  BRANDING_WEIGHTS,
  type BrandingInput,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
} from "../../../shared/contracts/branding.ts";
import { PAGE_BACKGROUND, themeColours } from "../../../shared/theme-colours.ts";
import type { Theme } from "../../../shared/vendor-settings.ts";
import { ApiError } from "../../api/client.ts";
import {
  type Branding,
  useBranding,
  useRemoveLogo,
  useSaveBranding,
  useUploadLogo,
} from "../../api/office/branding.ts";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError, fieldErrorsOf } from "../forms/describe-error.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import { BrandingPreview } from "./branding-preview.tsx";
import styles from "./branding-settings-page.module.css";

type Draft = Omit<BrandingInput, "logo_url">;
type Key = keyof Draft;
const ORDER: Key[] = [
  "primary_colour",
  "secondary_colour",
  "font_family",
  "font_weight_normal",
  "font_weight_bold",
];
const POINTER = "/data/attributes/";
const HEX = /^#[0-9a-f]{6}$/i;

const draftOf = (theme: Theme): Draft => ({
  primary_colour: theme.primary_colour,
  secondary_colour: theme.secondary_colour,
  font_family: theme.font_family as Draft["font_family"],
  font_weight_normal: theme.font_weight_normal,
  font_weight_bold: theme.font_weight_bold,
});

export function BrandingSettingsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "Office.branding.title" }));
  const branding = useBranding();
  return (
    <section aria-labelledby="branding-title" className={styles.page}>
      <h1 id="branding-title" className={styles.title}>
        {intl.formatMessage({ id: "Office.branding.title" })}
      </h1>
      <p className={styles.intro}>{intl.formatMessage({ id: "Office.branding.intro" })}</p>
      {branding.data ? (
        <BrandingForm branding={branding.data} reload={() => branding.refetch()} />
      ) : branding.isError ? (
        <p role="alert" className={controls.alert}>
          {describeError(intl, branding.error)}
        </p>
      ) : (
        <p role="status">{intl.formatMessage({ id: "Office.loading" })}</p>
      )}
    </section>
  );
}

function BrandingForm({ branding, reload }: { branding: Branding; reload: () => unknown }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.branding.${id}` }, values);
  const me = useStaffSession();
  const [draft, setDraft] = useState<Draft>(() => draftOf(branding.theme));
  const [errors, setErrors] = useState(new Map<string, string>());
  const [status, setStatus] = useState<{ text: string; key: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const inputs = useRef(new Map<string, HTMLElement>());
  const save = useSaveBranding();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const pending = save.isPending || upload.isPending || remove.isPending;

  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };
  const set = <K extends Key>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const announce = (text: string) => {
    setErrors(new Map());
    setFailure(null);
    setConflict(false);
    setStatus({ text, key: Date.now() });
  };
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setConflict(true);
      return;
    }
    const byKey = new Map<string, string>();
    for (const [pointer, detail] of fieldErrorsOf(error))
      byKey.set(pointer.startsWith(POINTER) ? pointer.slice(POINTER.length) : "logo", detail);
    setErrors(byKey);
    const first = [...ORDER, "logo"].find((key) => byKey.has(key));
    if (first) inputs.current.get(first)?.focus();
    else setFailure(describeError(intl, error));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setStatus(null);
    save.mutate(
      { values: draft, version: branding.version },
      { onSuccess: () => announce(t("saved")), onError: refused },
    );
  };

  const onLogo = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || pending) return;
    setStatus(null);
    // The server judges the file; these two checks only spare a doomed upload.
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setErrors(new Map([["logo", intl.formatMessage({ id: "Branding.error_logo_type" })]]));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setErrors(
        new Map([
          [
            "logo",
            intl.formatMessage(
              { id: "Branding.error_logo_too_large" },
              { max_kb: LOGO_MAX_BYTES / 1024 },
            ),
          ],
        ]),
      );
      return;
    }
    upload.mutate(
      { file, version: branding.version },
      { onSuccess: () => announce(t("logo_saved")), onError: refused },
    );
  };

  const onReload = async () => {
    const result = (await reload()) as { data?: Branding } | undefined;
    if (result?.data) setDraft(draftOf(result.data.theme));
    setConflict(false);
    setErrors(new Map());
  };

  // The preview shows the draft; a colour being typed shows the saved one until it is complete.
  const previewTheme: Theme = {
    ...branding.theme,
    ...draft,
    primary_colour: HEX.test(draft.primary_colour)
      ? draft.primary_colour
      : branding.theme.primary_colour,
    secondary_colour: HEX.test(draft.secondary_colour)
      ? draft.secondary_colour
      : branding.theme.secondary_colour,
  };
  const fonts: string[] = [...BRANDING_FONTS];
  if (!fonts.includes(draft.font_family)) fonts.push(draft.font_family);

  const colourField = (key: "primary_colour" | "secondary_colour") => (
    <Field label={t(key)} hint={t(`${key}_hint`)} error={errors.get(key)}>
      {(control) => (
        <>
          <div className={styles.colour}>
            <input
              type="color"
              className={styles.swatch}
              aria-label={t("picker", { name: t(key) })}
              value={HEX.test(draft[key]) ? draft[key].toLowerCase() : "#000000"}
              onChange={(event) => set(key, event.target.value.toUpperCase())}
            />
            <input
              {...control}
              ref={register(key)}
              className={`${controls.input} ${styles.hex}`}
              value={draft[key]}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => set(key, event.target.value.trim())}
            />
          </div>
          {HEX.test(draft[key]) && <ContrastVerdicts colour={draft[key]} />}
        </>
      )}
    </Field>
  );

  return (
    <div className={styles.layout}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="branding-title">
        <fieldset className={styles.card}>
          <legend className={styles.legend}>{t("colours")}</legend>
          {colourField("primary_colour")}
          {colourField("secondary_colour")}
        </fieldset>

        <fieldset className={styles.card}>
          <legend className={styles.legend}>{t("font")}</legend>
          <Field label={t("font_family")} hint={t("font_hint")} error={errors.get("font_family")}>
            {(control) => (
              <select
                {...control}
                ref={register("font_family")}
                className={controls.input}
                value={draft.font_family}
                onChange={(event) => set("font_family", event.target.value as Draft["font_family"])}
              >
                {fonts.map((font) => (
                  <option key={font} value={font}>
                    {font === "system-ui" ? t("font_system") : font}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className={styles.pair}>
            {(["font_weight_normal", "font_weight_bold"] as const).map((key) => (
              <Field key={key} label={t(key)} error={errors.get(key)}>
                {(control) => (
                  <select
                    {...control}
                    ref={register(key)}
                    className={controls.input}
                    value={draft[key]}
                    onChange={(event) => set(key, Number(event.target.value))}
                  >
                    {[...new Set([...BRANDING_WEIGHTS, draft[key]])].map((weight) => (
                      <option key={weight} value={weight}>
                        {t(`weight_${weight}`, { weight })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </div>
        </fieldset>

        <fieldset className={styles.card}>
          <legend className={styles.legend}>{t("logo")}</legend>
          <Field label={t("logo_file")} hint={t("logo_hint")} error={errors.get("logo")}>
            {(control) => (
              <input
                {...control}
                ref={register("logo")}
                type="file"
                accept={LOGO_TYPES.join(",")}
                aria-disabled={pending || undefined}
                onChange={onLogo}
              />
            )}
          </Field>
          <div className={styles.logoRow}>
            {branding.theme.logo_url ? (
              <>
                <img
                  className={styles.logo}
                  src={branding.theme.logo_url}
                  alt={t("logo_current")}
                />
                <button
                  type="button"
                  className={`${controls.button} ${controls.secondary}`}
                  aria-disabled={pending || undefined}
                  onClick={() => {
                    if (pending) return;
                    setStatus(null);
                    remove.mutate(
                      { version: branding.version },
                      { onSuccess: () => announce(t("logo_removed")), onError: refused },
                    );
                  }}
                >
                  {t("logo_remove")}
                </button>
              </>
            ) : (
              <p className={styles.muted}>{t("logo_none")}</p>
            )}
          </div>
        </fieldset>

        <div className={styles.actions}>
          <button
            type="submit"
            className={`${controls.button} ${controls.primary}`}
            aria-disabled={pending || undefined}
          >
            {save.isPending ? t("saving") : t("save")}
          </button>
          <p role="status" className={styles.status}>
            {status && <span key={status.key}>{status.text}</span>}
          </p>
        </div>
        <div role="alert">
          {failure && <p className={controls.alert}>{failure}</p>}
          {conflict && (
            <div className={controls.alert}>
              <p>{intl.formatMessage({ id: "Errors.version_conflict" })}</p>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                onClick={onReload}
              >
                {t("reload")}
              </button>
            </div>
          )}
        </div>
      </form>
      <BrandingPreview theme={previewTheme} name={me.vendor.name} />
    </div>
  );
}

/**
 * The two ways the theme uses a brand colour: as a background with white or black text on it
 * (whichever reaches AA, so this always passes), and as text and icons on the light page, where a
 * colour too light is darkened for that use; the verdict says so and names the colour used.
 */
function ContrastVerdicts({ colour }: { colour: string }) {
  const intl = useIntl();
  const t = (id: string, values: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.branding.${id}` }, values);
  const { on_primary: onIt, primary_text: asText } = themeColours({
    primary_colour: colour,
    secondary_colour: colour,
  });
  const ratio = (a: string, b: string) =>
    intl.formatNumber(Math.floor(contrastRatio(a, b) * 100) / 100, { maximumFractionDigits: 2 });
  const onPage = contrastRatio(colour, PAGE_BACKGROUND) >= AA_NORMAL_TEXT;
  return (
    <ul className={styles.verdicts}>
      <li className={styles.pass}>
        {t(onIt === "#FFFFFF" ? "contrast_on_white" : "contrast_on_black", {
          ratio: ratio(colour, onIt),
        })}
      </li>
      <li className={onPage ? styles.pass : styles.fail}>
        {onPage
          ? t("contrast_page_pass", { ratio: ratio(colour, PAGE_BACKGROUND) })
          : t("contrast_page_fail", {
              ratio: ratio(colour, PAGE_BACKGROUND),
              colour: asText,
              adjusted: ratio(asText, PAGE_BACKGROUND),
            })}
      </li>
    </ul>
  );
}

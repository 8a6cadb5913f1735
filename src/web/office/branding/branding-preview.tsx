// A small visitor page in the draft theme: the header with the logo (or the name), a card with a
// heading and a field, and the primary button. It uses the same custom properties as the visitor
// pages (src/web/ui/theme.ts), set on this box only, so what it shows is what visitors will see.
import { useIntl } from "react-intl";
import { themeColours } from "../../../shared/theme-colours.ts";
import type { Theme } from "../../../shared/vendor-settings.ts";
import { themeVariables } from "../../ui/theme.ts";
import styles from "./branding-settings-page.module.css";

export function BrandingPreview({ theme, name }: { theme: Theme; name: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `Office.branding.${id}` });
  const style = themeVariables(theme, themeColours(theme)) as React.CSSProperties;
  return (
    <figure className={styles.preview} style={style} aria-labelledby="branding-preview-caption">
      <figcaption id="branding-preview-caption" className={styles.previewCaption}>
        {t("preview")}
      </figcaption>
      {/* A picture of a page, not a page: nothing in it takes focus or is announced twice. */}
      <div className={styles.previewPage} inert>
        <div className={styles.previewHeader}>
          {theme.logo_url ? (
            <img className={styles.previewLogo} src={theme.logo_url} alt={name} />
          ) : (
            <span className={styles.previewName}>{name}</span>
          )}
        </div>
        <div className={styles.previewCard}>
          <p className={styles.previewHeading}>{t("preview_heading")}</p>
          <p className={styles.previewText}>{t("preview_text")}</p>
          <span className={styles.previewLink}>{t("preview_link")}</span>
          <span className={styles.previewButton}>{t("preview_button")}</span>
        </div>
      </div>
    </figure>
  );
}

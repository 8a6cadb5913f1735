// Previous / next page under a list, with "Page 2 of 7" between; nothing when there is one page.
import { useIntl } from "react-intl";
import controls from "./controls.module.css";
import styles from "./pager.module.css";

type Props = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
};

export function Pager({ page, pages, onPage }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) =>
    intl.formatMessage({ id: `Office.ui.pager.${id}` }, values);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("label")} className={styles.pager}>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("previous")}
      </button>
      <span>{t("page_of", { page, pages })}</span>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("next")}
      </button>
    </nav>
  );
}

// On a lobby kiosk's confirmation (spec §4 Kiosk): a QR code that opens this place in line on the
// visitor's own phone, and, when the vendor enables it, a printed ticket — the browser's print with
// a receipt layout (kiosk-ticket-print.css): the confirmation's cards on a narrow roll, without its
// buttons. A chunk of its own, loaded only on a kiosk's confirmation.
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { paths } from "../../paths.ts";
import styles from "./kiosk.module.css";
import "./kiosk-ticket-print.css";
import { QrCodeImage } from "./qr/qr-code-image.tsx";

type Props = { id: string; code: string };

export default function KioskTicket({ id, code }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const kiosk = useCurrentVendor().attributes?.client_view.kiosk;
  const title = intl.formatMessage({ id: "Kiosk.follow_title" });
  // The same confirmation without the kiosk's mode: the phone never starts over.
  const link = `${window.location.origin}${paths.confirmation({ id, code, lang: intl.locale as Locale })}`;
  if (!kiosk?.qr_code && !kiosk?.print_ticket) return null;
  return (
    <section className={`${styles.card} ${styles.qr}`} aria-labelledby={titleId}>
      {kiosk.qr_code && (
        <>
          <h2 id={titleId} className={styles.qrTitle}>
            {title}
          </h2>
          <QrCodeImage className={styles.qrImage} text={link} label={title} />
        </>
      )}
      {kiosk.print_ticket && (
        <button
          type="button"
          className={`${styles.secondary} ${styles.printButton}`}
          aria-labelledby={kiosk.qr_code ? undefined : titleId}
          onClick={() => window.print()}
        >
          <span id={kiosk.qr_code ? undefined : titleId}>
            <FormattedMessage id="Kiosk.print_ticket" />
          </span>
        </button>
      )}
    </section>
  );
}

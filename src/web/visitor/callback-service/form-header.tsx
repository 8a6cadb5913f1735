// The form's heading (what is being requested, by meeting method) and the location it is for,
// with a way back to the location list outside kiosk mode.
import { FormattedMessage, useIntl } from "react-intl";
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./callback-form.module.css";

const TITLES: Record<MeetingMethod, string> = {
  [MEETING_METHODS.in_person]: "CallbackService.title_in_person",
  [MEETING_METHODS.phone]: "CallbackService.title_phone",
  [MEETING_METHODS.video]: "CallbackService.title_video",
};

/** the heading's id, which names the form */
export const FORM_TITLE_ID = "callback-form-title";

type Props = { titleId: string; location: LocationResource; kiosk: boolean };

export function formTitleId(meetingMethod: MeetingMethod): string {
  return TITLES[meetingMethod];
}

export function FormHeader({ titleId, location, kiosk }: Props) {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const title = intl.formatMessage({ id: titleId });
  const { name, formatted_address: address } = location.attributes;
  usePageTitle(`${title} · ${name}`);
  return (
    <header className={styles.header}>
      <h1 id={FORM_TITLE_ID} className={styles.title}>
        {title}
      </h1>
      <p className={styles.location}>{name}</p>
      {address && <address className={styles.address}>{address}</address>}
      {!kiosk && (
        <Link
          className={styles.changeLocation}
          to={paths.callbackService(undefined, Object.fromEntries(searchParams))}
        >
          <FormattedMessage id="CallbackService.change_location" />
        </Link>
      )}
    </header>
  );
}

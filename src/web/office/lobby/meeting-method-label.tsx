// How a visitor meets staff (spec §4: 1 in person, 2 phone, 3 video) and, in person, whether they
// wait inside or in their car: an icon with its words, never the icon alone.
import { useIntl } from "react-intl";
import { FULFILLMENT_METHODS, MEETING_METHODS } from "../../../shared/domain.ts";
import styles from "./meeting-method-label.module.css";

const ICONS: Record<string, string> = {
  in_person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-3.3 0-8 1.7-8 5v1h16v-1c0-3.3-4.7-5-8-5Z",
  phone:
    "M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z",
  video:
    "M17 10.5V7a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-3.5l4 4v-11l-4 4Z",
  curbside:
    "M18.9 6a1.5 1.5 0 0 0-1.4-1h-11a1.5 1.5 0 0 0-1.4 1L3 12v8a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-1h12v1a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-8l-2.1-6ZM6.5 16a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm11 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3ZM5 11l1.5-4.5h11L19 11H5Z",
};

export function methodKey(meetingMethod: number, fulfillmentMethod: number): string {
  if (meetingMethod === MEETING_METHODS.phone) return "phone";
  if (meetingMethod === MEETING_METHODS.video) return "video";
  return fulfillmentMethod === FULFILLMENT_METHODS.curbside ? "curbside" : "in_person";
}

export function MeetingMethodLabel({
  meetingMethod,
  fulfillmentMethod,
}: {
  meetingMethod: number;
  fulfillmentMethod: number;
}) {
  const intl = useIntl();
  const key = methodKey(meetingMethod, fulfillmentMethod);
  return (
    <span className={`${styles.method} ${styles[key] ?? ""}`}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICONS[key]} />
      </svg>
      {intl.formatMessage({ id: `Office.method_${key}` })}
    </span>
  );
}

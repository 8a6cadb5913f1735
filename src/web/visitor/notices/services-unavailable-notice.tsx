// The services-unavailable page (spec §2, §8): why nobody can take this request here — no staff or
// services for the meeting method, the method not offered, or a private location — plus the
// location's name, address and phone when the vendor allows closed-location details. When the
// link's way to be served is not taken here but others are, it offers those.
import { FormattedMessage, useIntl } from "react-intl";
import { MEETING_METHODS, type MeetingMethod } from "../../../shared/domain.ts";
import type { LocationResource } from "../../api/locations.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { LocationContact } from "./location-contact.tsx";
import styles from "./notice.module.css";

export type UnavailableReason =
  /** the location offers no service (or no staff) for the chosen meeting method */
  | "no_services"
  /** the location or the vendor does not take this meeting method */
  | "method_not_offered"
  /** the location is private: it cannot be joined from the public page */
  | "private";

type Props = {
  reason?: UnavailableReason;
  meetingMethod?: MeetingMethod | null;
  location?: LocationResource | null;
  /** the ways to be served that this location does take */
  otherWays?: readonly MeetingMethod[];
};

const METHOD_NAMES: Record<MeetingMethod, "in_person" | "phone" | "video"> = {
  [MEETING_METHODS.in_person]: "in_person",
  [MEETING_METHODS.phone]: "phone",
  [MEETING_METHODS.video]: "video",
};

export function ServicesUnavailableNotice({
  reason = "no_services",
  meetingMethod,
  location,
  otherWays = [],
}: Props) {
  const intl = useIntl();
  const vendor = useCurrentVendor();
  const title = intl.formatMessage({ id: "Notices.unavailable_title" });
  usePageTitle(title);
  const method = meetingMethod ? METHOD_NAMES[meetingMethod] : undefined;
  const showContact = Boolean(location && vendor.attributes?.callback_closed_location_info);
  return (
    <section className={styles.notice} aria-labelledby="unavailable-title">
      <UnavailableIcon />
      <h1 id="unavailable-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.message}>{intl.formatMessage(...messageFor(reason, method))}</p>
      {otherWays.length > 0 && <OtherWays ways={otherWays} />}
      {showContact && location && <LocationContact location={location} />}
    </section>
  );
}

const WAY_NAMES: Record<MeetingMethod, string> = {
  [MEETING_METHODS.in_person]: "Form.method_in_person",
  [MEETING_METHODS.phone]: "Form.method_phone",
  [MEETING_METHODS.video]: "Form.method_video",
};

function OtherWays({ ways }: { ways: readonly MeetingMethod[] }) {
  const [search] = useSearchParams();
  const linkTo = (way: MeetingMethod) => {
    const next = new URLSearchParams(search);
    next.set("meeting_method", METHOD_NAMES[way]);
    return `?${next}`;
  };
  return (
    <nav className={styles.otherWays} aria-labelledby="other-ways">
      <h2 id="other-ways" className={styles.otherWaysTitle}>
        <FormattedMessage id="Notices.other_ways" />
      </h2>
      <ul className={styles.otherWaysList}>
        {ways.map((way) => (
          <li key={way}>
            <Link className={styles.otherWay} to={linkTo(way)} replace>
              <FormattedMessage id={WAY_NAMES[way]} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Message = [{ id: string }, Record<string, string>?];

function messageFor(
  reason: UnavailableReason,
  method: "in_person" | "phone" | "video" | undefined,
): Message {
  if (reason === "private") return [{ id: "CallbackService.location_private" }];
  if (reason === "no_services") return [{ id: "Notices.no_staff" }, { method: method ?? "other" }];
  if (method === "in_person") return [{ id: "CallbackService.walkin_unavailable" }];
  if (method) return [{ id: "CallbackService.method_unavailable" }, { type: method }];
  return [{ id: "CallbackService.online_queue_unavailable" }];
}

function UnavailableIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20ZM4 12a8 8 0 0 1 12.9-6.3L5.7 16.9A7.9 7.9 0 0 1 4 12Zm8 8a7.9 7.9 0 0 1-4.9-1.7L18.3 7.1A8 8 0 0 1 12 20Z"
      />
    </svg>
  );
}

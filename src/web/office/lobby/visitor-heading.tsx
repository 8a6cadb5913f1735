// What every lobby row starts with: the ticket, the name and a badge as the row's heading, then the
// service and how the visitor is served, with whatever the row adds to that line.
import type { ReactNode } from "react";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { MeetingMethodLabel } from "./meeting-method-label.tsx";
import { TicketChip } from "./ticket-chip.tsx";
import { visitorName } from "./use-lobby-actions.ts";
import styles from "./visitor-row.module.css";

type Props = {
  /** the heading's id: the row is labelled by it */
  headingId: string;
  entry: LobbyEntry;
  badge?: ReactNode;
  children?: ReactNode;
};

export function VisitorHeading({ headingId, entry, badge, children }: Props) {
  const a = entry.attributes;
  return (
    <>
      <h3 id={headingId} className={styles.name}>
        {a.ticket && <TicketChip ticket={a.ticket} />}
        {visitorName(entry)}
        {badge}
      </h3>
      <p className={styles.meta}>
        <span className={styles.service}>{a.service.name}</span>
        <MeetingMethodLabel
          meetingMethod={a.meeting_method}
          fulfillmentMethod={a.fulfillment_method}
        />
        {children}
      </p>
    </>
  );
}

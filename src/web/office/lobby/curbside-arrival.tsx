// A curbside visitor's car and whether they have said "I'm here" (spec §2 car details; the
// visitor's page or the desk marks the arrival).
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import styles from "./visitor-row.module.css";

type Props = { entry: LobbyEntry; timezone: string };

export function CurbsideArrival({ entry, timezone }: Props) {
  const intl = useIntl();
  const { car_details: car, arrived_at: arrivedAt } = entry.attributes;
  if (!car) return null;
  return (
    <p className={styles.car}>
      <span>
        {[car.colour, car.make, car.model].join(" ")}
        {car.parking_space &&
          ` · ${intl.formatMessage({ id: "Office.parking_space" }, { space: car.parking_space })}`}
      </span>
      {arrivedAt ? (
        <span className={styles.here}>
          {intl.formatMessage(
            { id: "Office.arrived_at" },
            {
              time: intl.formatTime(arrivedAt, {
                timeZone: timezone,
                hour: "numeric",
                minute: "2-digit",
              }),
            },
          )}
        </span>
      ) : (
        <span className={styles.notHere}>{intl.formatMessage({ id: "Office.not_arrived" })}</span>
      )}
    </p>
  );
}

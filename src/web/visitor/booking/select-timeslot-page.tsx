// /select-timeslot (spec §2 client booking steps): the way to meet, when there is a choice, then two
// weeks of days with the free ones enabled and the chosen day's times, all in the location's zone
// (named when the browser's differs). One availability request per two weeks, the next two weeks
// prefetched, the previous ones kept on screen while another loads. Choosing a time continues the
// booking; when moving an appointment (reschedule=) it asks, then moves it (reschedule-confirm.tsx).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  type AvailabilityRequest,
  type AvailableSlot,
  availabilityQueryOptions,
  useAvailability,
} from "../../api/booking/availability.ts";
import { useCurrentVendor } from "../../current-vendor.ts";
import { useNavigate, useSearchParams } from "../../routing/routing.tsx";
import styles from "./booking.module.css";
import { bookingPaths } from "./booking-paths.ts";
import { ANY_STAFF, readBookingContext } from "./booking-query.ts";
import {
  calendarRange,
  firstDayOfWeek,
  lastRangeIndex,
  rangeIndexOf,
  todayIn,
} from "./calendar-range.ts";
import { DateStrip } from "./date-strip.tsx";
import { MeetingMethodField } from "./meeting-method-field.tsx";
import { RescheduleConfirm } from "./reschedule-confirm.tsx";
import { zoneDiffers, zoneName } from "./slot-times.ts";
import { StepPage } from "./step-page.tsx";
import { TimeSlotGroups } from "./time-slot-groups.tsx";
import type { ReadyFlow } from "./use-booking-flow.ts";

export function SelectTimeslotPage() {
  const [search] = useSearchParams();
  const { reschedule } = readBookingContext(search);
  return (
    <StepPage
      step="timeslot"
      titleId={reschedule ? "Booking.reschedule_title" : "Booking.timeslot_title"}
      back={
        reschedule
          ? bookingPaths.appointmentManage({
              id: reschedule.id,
              code: reschedule.code,
              lang: search.get("lang") ?? undefined,
              mode: search.get("mode") ?? undefined,
            })
          : undefined
      }
    >
      {(flow) => <TimeslotStep flow={flow} />}
    </StepPage>
  );
}

function TimeslotStep({ flow }: { flow: ReadyFlow }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date());
  const { selection, location, service } = flow;
  const zone = location?.attributes.timezone ?? "UTC";
  const today = todayIn(zone, now);
  const firstDay = firstDayOfWeek(intl.locale);
  // Nothing is free beyond the vendor's booking window: no paging past it.
  const windowDays = useCurrentVendor().attributes?.booking?.window_days ?? 60;
  const last = lastRangeIndex(today, firstDay, windowDays);
  const [rangeIndex, setRangeIndex] = useState(() =>
    selection.date ? Math.min(rangeIndexOf(selection.date, today, firstDay), last) : 0,
  );
  const [moving, setMoving] = useState<AvailableSlot | null>(null);
  const range = calendarRange(today, firstDay, rangeIndex);
  const requestFor = (from: string, to: string): AvailabilityRequest | null =>
    selection.serviceId && selection.locationId
      ? {
          serviceId: selection.serviceId,
          locationId: selection.locationId,
          staffId: selection.staff === ANY_STAFF ? null : selection.staff,
          meetingMethod: flow.method,
          attendees: selection.attendees,
          from,
          to,
        }
      : null;
  const request = requestFor(range.from, range.to);
  const availability = useAvailability(request);
  const loaded = availability.data && !availability.isPlaceholderData ? availability.data : null;
  const timeZone = loaded?.timeZone ?? zone;

  // The next two weeks are likely next: fetched while the visitor reads these.
  const next = rangeIndex < last ? calendarRange(today, firstDay, rangeIndex + 1) : null;
  const nextRequest = next && requestFor(next.from, next.to);
  const nextKey = nextRequest && availabilityQueryOptions(nextRequest).queryKey.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: nextKey stands for nextRequest
  useEffect(() => {
    if (loaded && nextRequest)
      void queryClient.prefetchQuery(availabilityQueryOptions(nextRequest));
  }, [loaded, nextKey, queryClient]);

  const available = useMemo(
    () => (loaded ? new Set(range.days.filter((day) => loaded.days[day]?.length)) : null),
    [loaded, range.days],
  );
  const shownDate =
    selection.date && available?.has(selection.date)
      ? selection.date
      : (range.days.find((day) => available?.has(day)) ?? null);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const chooseTime = (slot: AvailableSlot) => {
    if (flow.context.reschedule) setMoving(slot);
    else navigate(flow.continueTo({ start: slot.start, date: shownDate }));
  };

  return (
    <>
      {service && location && (
        <p className={styles.lead}>
          <FormattedMessage
            id="Booking.timeslot_lead"
            values={{ service: service.name, location: location.attributes.name }}
          />
        </p>
      )}
      {flow.methods.length > 1 && !flow.context.reschedule && (
        <MeetingMethodField
          methods={flow.methods}
          value={flow.method}
          onChange={(method) =>
            navigate(flow.hrefTo("timeslot", { meetingMethod: method }), { replace: true })
          }
        />
      )}
      {zoneDiffers(timeZone, browserZone) && (
        <p className={styles.zoneNote}>
          <FormattedMessage
            id="LocationFinder.hours_zone"
            values={{ zone: zoneName(timeZone, intl.locale, now) }}
          />
        </p>
      )}
      <DateStrip
        range={range}
        today={today}
        available={available}
        selected={shownDate}
        onSelect={(date) => navigate(flow.hrefTo("timeslot", { date }), { replace: true })}
        onEarlier={rangeIndex > 0 ? () => setRangeIndex(rangeIndex - 1) : null}
        onLater={next ? () => setRangeIndex(rangeIndex + 1) : null}
      />
      {availability.isError && !loaded && (
        <div className={styles.actions} role="alert">
          <p className={styles.error}>
            <FormattedMessage id="Booking.times_failed" />
          </p>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => availability.refetch()}
          >
            <FormattedMessage id="Common.try_again" />
          </button>
        </div>
      )}
      {/* Always there, so that "loading" and "no free times" are announced as they come. */}
      <p className={shownDate === null && loaded ? styles.notice : styles.status} role="status">
        {availability.isError && !loaded ? null : !loaded ? (
          <FormattedMessage id="Booking.times_loading" />
        ) : shownDate === null ? (
          <FormattedMessage id="Booking.no_times" />
        ) : null}
      </p>
      {loaded && shownDate && (
        <TimeSlotGroups
          date={shownDate}
          slots={loaded.days[shownDate] ?? []}
          timeZone={timeZone}
          chosen={selection.start}
          onChoose={chooseTime}
        />
      )}
      {flow.context.reschedule && (
        <RescheduleConfirm
          appointment={flow.context.reschedule}
          slot={moving}
          staffId={selection.staff === ANY_STAFF ? null : selection.staff}
          timeZone={timeZone}
          onChoose={setMoving}
          onClose={() => setMoving(null)}
          allTimes={flow.hrefTo("timeslot")}
        />
      )}
    </>
  );
}

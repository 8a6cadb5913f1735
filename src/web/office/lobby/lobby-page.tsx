// /lobby: the live line of one location for the front desk. Visitors called to a desk with the time
// since the call; waiting visitors in order with their wait so far and their quote; visitors in
// meetings with their staff; call next (N), start (S) and recall (R) one's called visitor,
// complete (C), the desk one calls to, the other actions, a walk-in form; live through the location's private realtime channel, with a
// visual (and optional sound) cue and an announcement for each new arrival. Managers find the
// location's TV board link at the foot of the page.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { ApiError } from "../../api/client.ts";
import { dashboardKey } from "../../api/office/dashboard.ts";
import {
  type LobbyEntry,
  locationQueueKey,
  useLocationQueue,
} from "../../api/office/location-queue.ts";
import { useLiveRefresh } from "../../api/office/use-live-refresh.ts";
import { refreshVisitMessages } from "../../api/office/visit-messages.ts";
import { useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";
import { useCurrentLocation } from "../shell/use-current-location.ts";
import { playArrivalChime } from "./arrival-chime.ts";
import { BoardLinkPanel } from "./board-link-panel.tsx";
import { CalledList } from "./called-list.tsx";
import { InProgressList } from "./in-progress-list.tsx";
import type { LobbyDialog } from "./lobby-dialog.ts";
import { LobbyDialogs } from "./lobby-dialogs.tsx";
import { LobbyFeedback } from "./lobby-feedback.tsx";
import { LobbyHeader } from "./lobby-header.tsx";
import styles from "./lobby-lists.module.css";
import { LobbyToolbar } from "./lobby-toolbar.tsx";
import { useArrivalSound } from "./use-arrival-sound.ts";
import { useDesk } from "./use-desk.ts";
import { useKeyboardShortcuts } from "./use-keyboard-shortcuts.ts";
import { useLobbyActions, visitorName } from "./use-lobby-actions.ts";
import { useLobbyFeedback } from "./use-lobby-feedback.ts";
import { useNewArrivals } from "./use-new-arrivals.ts";
import { WaitingList } from "./waiting-list.tsx";

// The day's booked clients: a chunk of its own, after the lobby's own lists.
const TodaysAppointments = lazy(() =>
  import("./todays-appointments.tsx").then((m) => ({ default: m.TodaysAppointments })),
);

export function LobbyPage() {
  const me = useStaffSession();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  usePageTitle(t("Office.lobby_title"));
  const { location } = useCurrentLocation(me);
  const locationId = location ? String(location.id) : null;
  const queue = useLocationQueue(locationId);
  const [searchParams, setSearchParams] = useSearchParams();
  const feedback = useLobbyFeedback();
  const { desk, setDesk } = useDesk(locationId);
  const actions = useLobbyActions(locationId, feedback, desk);
  const sound = useArrivalSound();
  const [dialog, setDialog] = useState<LobbyDialog | null>(null);
  const addedHere = useRef(new Set<string>());
  const callNextButton = useRef<HTMLButtonElement>(null);

  const can = {
    serve: hasPermission(me, "queue.serve"),
    cancel: hasPermission(me, "queue.cancel"),
    link: hasPermission(me, "queue.set_meeting_link"),
    transfer: hasPermission(me, "queue.transfer"),
  };
  const canAdd = hasPermission(me, "queue.add_walkin");
  const canManageBoard = hasPermission(me, "tv_board.manage");
  const canSeeSchedule = hasPermission(me, "schedule.view");

  useLiveRefresh(
    locationId ? [locationId] : [],
    [locationQueueKey(locationId ?? ""), dashboardKey],
    (event) => refreshVisitMessages(queryClient, event),
  );

  const line = queue.data;
  const entries = line?.data;
  const fresh = useNewArrivals(locationId, entries, (arrivals) => {
    // A walk-in added at this desk is no news to the person who added it.
    const news = arrivals.filter((arrival) => !addedHere.current.has(arrival.id));
    if (news.length === 0) return;
    if (sound.enabled) playArrivalChime();
    feedback.announceArrival(
      news.length === 1
        ? t("Office.arrival_one", {
            name: visitorName(news[0]!),
            service: news[0]!.attributes.service.name,
          })
        : t("Office.arrival_many", { count: news.length }),
    );
  });

  // The server's clock, so "waited" agrees with the server whatever the tablet's clock says.
  const offsetMs = useMemo(
    () =>
      line && queue.dataUpdatedAt > 0
        ? Date.parse(line.meta.generated_at) - queue.dataUpdatedAt
        : 0,
    [line, queue.dataUpdatedAt],
  );

  const myId = String(me.user.id);
  const inProgress = (entries ?? []).filter((e) => e.attributes.status === "in_progress");
  const mine = inProgress.find((e) => e.attributes.user?.id === myId) ?? null;
  const byPosition = (a: LobbyEntry, b: LobbyEntry) =>
    (a.attributes.position ?? 0) - (b.attributes.position ?? 0);
  const inLine = (entries ?? []).filter((e) => e.attributes.status === "waiting").sort(byPosition);
  const called = inLine.filter((e) => e.attributes.call !== null);
  const waiting = inLine.filter((e) => e.attributes.call === null);
  const myCalled = called.find((e) => e.attributes.user?.id === myId) ?? null;
  const services = line?.meta.services ?? [];
  const requestedService = searchParams.get("service");
  const serviceId = services.some((s) => s.id === requestedService) ? requestedService : null;
  const ofService = (entry: LobbyEntry) => !serviceId || entry.attributes.service.id === serviceId;

  // An action whose row left the list (completed, cancelled, called) leaves focus nowhere: it
  // goes to the desk's next move, call next, or to the top of the lobby for a role without it.
  const resultId = feedback.result?.id;
  useEffect(() => {
    if (resultId === undefined || document.activeElement !== document.body) return;
    (callNextButton.current ?? document.querySelector<HTMLElement>("main h1"))?.focus();
  }, [resultId]);

  const blockedReason = mine
    ? t("Office.finish_current_first", { name: visitorName(mine) })
    : myCalled
      ? t("Office.start_called_first", { name: visitorName(myCalled) })
      : null;
  const callNext = () => {
    if (blockedReason) {
      feedback.report("error", blockedReason);
      return;
    }
    actions.callNext();
  };
  const completeMine = () => {
    if (mine) actions.complete(mine);
    else feedback.report("error", t("Office.nothing_to_complete"));
  };
  const withMyCalled = (run: (entry: LobbyEntry) => void) => () => {
    if (myCalled) run(myCalled);
    else feedback.report("error", t("Office.nobody_called"));
  };
  useKeyboardShortcuts(
    can.serve
      ? {
          n: callNext,
          c: completeMine,
          s: withMyCalled(actions.start),
          r: withMyCalled(actions.recall),
        }
      : {},
  );

  const setService = (id: string | null) =>
    setSearchParams(
      (params) => {
        if (id) params.set("service", id);
        else params.delete("service");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  if (!location)
    return (
      <p className={styles.status} role="status">
        {t("Office.no_locations")}
      </p>
    );

  const rowProps = {
    offsetMs,
    timezone: location.timezone,
    can,
    actions,
    openDialog: setDialog,
  };

  return (
    <>
      <LobbyHeader
        locationName={line?.meta.location.name ?? location.name}
        meta={line?.meta}
        canServe={can.serve}
        canAdd={canAdd}
        callingNext={actions.callingNext}
        blockedReason={blockedReason}
        onCallNext={callNext}
        onAddWalkIn={() => setDialog({ kind: "walk-in" })}
        callNextRef={callNextButton}
      />
      <LobbyToolbar
        services={services}
        serviceId={serviceId}
        onServiceChange={setService}
        soundOn={sound.enabled}
        onToggleSound={sound.toggle}
        showShortcuts={can.serve}
        desk={can.serve ? desk : null}
        onDeskChange={setDesk}
      />
      <LobbyFeedback feedback={feedback} />

      {queue.isPending ? (
        <p className={styles.status} role="status">
          {t("Office.loading_line")}
        </p>
      ) : queue.isError && !line ? (
        <div className={styles.status} role="alert">
          <p>
            {t(
              queue.error instanceof ApiError && queue.error.status === 404
                ? "Office.location_unavailable"
                : "Office.line_load_failed",
            )}
          </p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => queue.refetch()}
          >
            {t("Common.try_again")}
          </button>
        </div>
      ) : (
        <>
          {mine && <InProgressList {...rowProps} entries={[mine]} mine />}
          <CalledList {...rowProps} entries={called.filter(ofService)} myId={myId} />
          <div className={styles.columns}>
            <WaitingList
              {...rowProps}
              entries={waiting.filter(ofService)}
              total={waiting.length}
              filtered={serviceId !== null}
              fresh={fresh}
            />
            <InProgressList
              {...rowProps}
              entries={inProgress.filter((e) => e !== mine && ofService(e))}
            />
          </div>
        </>
      )}

      {canSeeSchedule && locationId && (
        <Suspense fallback={null}>
          <TodaysAppointments locationId={locationId} timezone={location.timezone} />
        </Suspense>
      )}

      {canManageBoard && locationId && <BoardLinkPanel locationId={locationId} />}

      {dialog && locationId && (
        <LobbyDialogs
          dialog={dialog}
          locationId={locationId}
          actions={actions}
          onClose={() => setDialog(null)}
          onAdded={(entry) => {
            addedHere.current.add(entry.id);
            feedback.report("success", t("Office.walk_in_added", { name: visitorName(entry) }));
            setDialog(null);
          }}
        />
      )}
    </>
  );
}

// The lobby's actions on visitors, each reporting its outcome in words: call next, call a given
// visitor to the desk, recall, start when they arrive, complete, return to the line, no-show,
// cancel, curbside arrival, meeting link, transfer to another line.
// A visitor with an action in flight is busy, so a double press never sends the change twice.
import { useCallback, useState } from "react";
import { useIntl } from "react-intl";
import { useCallNext } from "../../api/office/call-next.ts";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { useTransferQueueAppointment } from "../../api/office/transfer-queue-appointment.ts";
import {
  type QueueAppointmentChange,
  useUpdateQueueAppointment,
} from "../../api/office/update-queue-appointment.ts";
import { describeError } from "../forms/describe-error.ts";
import type { LobbyFeedbackState } from "./use-lobby-feedback.ts";

export const visitorName = (entry: LobbyEntry) =>
  `${entry.attributes.client.first_name} ${entry.attributes.client.last_name}`.trim();

/** Where the visitor was called, in the words the lobby's messages use. */
const deskOrNull = (desk: string) => (desk.trim() === "" ? null : desk.trim());

export function useLobbyActions(
  locationId: string | null,
  feedback: LobbyFeedbackState,
  /** the desk this staff member calls visitors to ("" for their own desk at the location) */
  desk = "",
) {
  const intl = useIntl();
  const callNextMutation = useCallNext();
  const update = useUpdateQueueAppointment();
  const transferMutation = useTransferQueueAppointment();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const { report } = feedback;

  const change = useCallback(
    (entry: LobbyEntry, attributes: QueueAppointmentChange, doneId: string, inDialog = false) => {
      if (busy.has(entry.id)) return Promise.resolve(null);
      setBusy((ids) => new Set(ids).add(entry.id));
      return update
        .mutateAsync({ id: entry.id, attributes })
        .then((updated) => {
          report("success", intl.formatMessage({ id: doneId }, { name: visitorName(updated) }));
          return updated;
        })
        .catch((error: unknown) => {
          // A dialog shows its own errors, beside the fields they concern.
          if (!inDialog) report("error", describeError(intl, error));
          throw error;
        })
        .finally(() =>
          setBusy((ids) => {
            const next = new Set(ids);
            next.delete(entry.id);
            return next;
          }),
        );
    },
    [busy, update, report, intl],
  );
  // Status changes report their failure on screen; the caller has nothing more to do with it.
  const quietly = (promise: Promise<unknown>) => void promise.catch(() => {});

  return {
    busy,
    callingNext: callNextMutation.isPending,
    callNext: () => {
      if (!locationId || callNextMutation.isPending) return;
      callNextMutation.mutate(
        { locationId, desk: deskOrNull(desk) },
        {
          onSuccess: (entry) =>
            report(
              "success",
              entry
                ? intl.formatMessage({ id: "Office.called_visitor" }, { name: visitorName(entry) })
                : intl.formatMessage({ id: "Office.nobody_to_call" }),
            ),
          onError: (error) => report("error", describeError(intl, error)),
        },
      );
    },
    call: (entry: LobbyEntry) => {
      const named = deskOrNull(desk);
      quietly(
        change(
          entry,
          named ? { call: "call", desk: named } : { call: "call" },
          "Office.called_visitor",
        ),
      );
    },
    recall: (entry: LobbyEntry) =>
      quietly(change(entry, { call: "recall" }, "Office.recalled_visitor")),
    start: (entry: LobbyEntry) =>
      quietly(change(entry, { status: "in_progress" }, "Office.now_serving")),
    complete: (entry: LobbyEntry) =>
      quietly(change(entry, { status: "completed" }, "Office.completed_visit")),
    returnToLine: (entry: LobbyEntry) =>
      quietly(
        change(
          entry,
          entry.attributes.status === "waiting" ? { call: "uncall" } : { status: "waiting" },
          "Office.returned_to_line",
        ),
      ),
    noShow: (entry: LobbyEntry) =>
      quietly(change(entry, { status: "no_show" }, "Office.marked_no_show")),
    cancel: (entry: LobbyEntry) =>
      quietly(change(entry, { status: "cancelled" }, "Office.cancelled_visit")),
    setArrived: (entry: LobbyEntry, arrived: boolean) =>
      quietly(
        change(entry, { arrived }, arrived ? "Office.marked_arrived" : "Office.marked_not_arrived"),
      ),
    /** Rejects with the ApiError, so the dialog can show field errors next to the fields. */
    setMeetingLink: (
      entry: LobbyEntry,
      attributes: Pick<QueueAppointmentChange, "meeting_link" | "dial_in">,
    ) => change(entry, attributes, "Office.meeting_link_saved", true),
    /** Rejects with the ApiError, so the dialog can show the refusal beside its field. */
    transfer: async (entry: LobbyEntry, to: { locationId: string; serviceId: string }) => {
      const moved = await transferMutation.mutateAsync({ entry, ...to });
      report(
        "success",
        intl.formatMessage(
          { id: "Office.transferred" },
          { name: visitorName(moved), service: moved.attributes.service.name },
        ),
      );
      return moved;
    },
  };
}

export type LobbyActions = ReturnType<typeof useLobbyActions>;

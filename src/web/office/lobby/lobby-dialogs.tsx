// The lobby's dialogs: confirming a cancel or a no-show, a video visit's link, a transfer, and the walk-in
// form (loaded when first opened: it brings the shared join rules, zod and phone numbers).
import { lazy, Suspense } from "react";
import { useIntl } from "react-intl";
import type { LobbyEntry } from "../../api/office/location-queue.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { LobbyDialog } from "./lobby-dialog.ts";
import { MeetingLinkDialog } from "./meeting-link-dialog.tsx";
import { TransferDialog } from "./transfer-dialog.tsx";
import { type LobbyActions, visitorName } from "./use-lobby-actions.ts";

const WalkInDialog = lazy(() =>
  import("./walk-in-dialog.tsx").then((m) => ({ default: m.WalkInDialog })),
);

type Props = {
  dialog: LobbyDialog;
  locationId: string;
  actions: LobbyActions;
  onClose: () => void;
  onAdded: (entry: LobbyEntry) => void;
};

export function LobbyDialogs({ dialog, locationId, actions, onClose, onAdded }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  switch (dialog.kind) {
    case "cancel":
    case "no-show": {
      const cancel = dialog.kind === "cancel";
      return (
        <ConfirmDialog
          open
          role="alertdialog"
          tone="danger"
          title={t(cancel ? "Office.confirm_cancel_title" : "Office.confirm_no_show_title", {
            name: visitorName(dialog.entry),
          })}
          message={t(cancel ? "Office.confirm_cancel_body" : "Office.confirm_no_show_body")}
          confirmLabel={t(cancel ? "Office.cancel_visit" : "Office.no_show")}
          cancelLabel={t("Office.keep_visit")}
          onConfirm={() => {
            if (cancel) actions.cancel(dialog.entry);
            else actions.noShow(dialog.entry);
            onClose();
          }}
          onClose={onClose}
        />
      );
    }
    case "meeting-link":
      return (
        <MeetingLinkDialog
          entry={dialog.entry}
          onClose={onClose}
          onSave={(change) => actions.setMeetingLink(dialog.entry, change)}
        />
      );
    case "transfer":
      return (
        <TransferDialog
          entry={dialog.entry}
          onClose={onClose}
          onTransfer={(to) => actions.transfer(dialog.entry, to)}
        />
      );
    case "walk-in":
      return (
        <Suspense fallback={null}>
          <WalkInDialog locationId={locationId} onClose={onClose} onAdded={onAdded} />
        </Suspense>
      );
  }
}

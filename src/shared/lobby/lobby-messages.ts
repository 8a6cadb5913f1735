// Message ids of the lobby's own refusals; the texts live in src/shared/i18n in all eight languages.
// Refusals shared with the open queue API use QUEUE_MESSAGES (src/shared/queue/queue-messages.ts).

export const LOBBY_MESSAGES = {
  alreadyServing: "Lobby.already_serving",
  staffCannotServeHere: "Lobby.staff_cannot_serve_here",
  meetingLinkInvalid: "Lobby.meeting_link_invalid",
  remoteOnly: "Lobby.remote_only",
  dialInPinInvalid: "Lobby.dial_in_pin_invalid",
  serverRequired: "Lobby.server_required",
  transferNotWaiting: "Lobby.transfer_not_waiting",
  transferSameLine: "Lobby.transfer_same_line",
  transferLocationUnknown: "Lobby.transfer_location_unknown",
  transferServiceUnavailable: "Lobby.transfer_service_unavailable",
  deskInvalid: "Lobby.desk_invalid",
  callConflict: "Lobby.call_conflict",
} as const;

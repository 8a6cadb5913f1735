// Everything joinQueue checks before writing: the vendor's gates, the location (private, closed,
// methods it takes), the service offered there, and the questions asked for it (spec §5, §6, §8).
import { MEETING_METHODS } from "../../shared/domain.ts";
import { type HourAdjustments, isOpenAt } from "../../shared/opening-hours.ts";
import type { JoinContext } from "../../shared/queue/join-schema.ts";
import { asksMinimalKioskForm, minimalKioskJoinRules } from "../../shared/queue/kiosk-form.ts";
import { QUEUE_MESSAGES as M } from "../../shared/queue/queue-messages.ts";
import { serviceOffersMethod } from "../../shared/services/meeting-methods.ts";
import type { DbOrTx } from "../db/client.ts";
import type { locations, services } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";
import { describeNextOpening } from "./describe-next-opening.ts";
import { type JoinRows, type JoinRowsReader, readJoinRows } from "./join-catalog.ts";

export type JoinGateOptions = {
  vendor: Vendor;
  locationId: number;
  serviceId: number;
  meetingMethod: number;
  /** visitors meet every gate; a staff member adding a walk-in at the front desk skips the visitor-only ones */
  byStaff: boolean;
  /** online_queue and kiosk_qr arrive through the client view; a physical kiosk does not */
  throughClientView: boolean;
  kiosk: boolean;
  now: Date;
  /** the language of the closed-hours text */
  locale: string;
  pointerOf: (path: (string | number)[]) => string;
  /** where the location, service and questions come from; a fresh read when omitted */
  readRows?: JoinRowsReader | undefined;
};

type LocationRow = typeof locations.$inferSelect;
type ServiceRow = typeof services.$inferSelect;

export async function loadJoinContext(
  db: DbOrTx,
  options: JoinGateOptions,
): Promise<{ location: LocationRow; service: ServiceRow; rows: JoinRows; context: JoinContext }> {
  const { vendor, pointerOf } = options;
  const settings = vendor.settings;
  const features = settings.features;
  if (!options.byStaff && !features.callback_requests) {
    throw new AppError("forbidden", {
      code: "callback_requests_disabled",
      messageId: M.requestsDisabled,
    });
  }
  const rows = await (options.readRows ?? readJoinRows)(db, {
    vendorId: vendor.id,
    locationId: options.locationId,
    serviceId: options.serviceId,
    withQuestions: settings.client_view.walkin_questions,
    now: options.now,
  });
  const location = rows.location;
  if (!location) {
    throw new AppError("unprocessable", {
      code: "not_found",
      messageId: M.locationUnknown,
      pointer: pointerOf(["location_id"]),
    });
  }
  if (!options.byStaff) checkVisitorGates(location, rows.adjustments, options);
  checkMeetingMethod(location, options);

  const service = rows.service;
  if (!service || (!service.supportsWalkin && !service.supportsCurbsidePickup)) {
    throw new AppError("unprocessable", {
      code: "service_unavailable",
      messageId: M.serviceUnavailable,
      pointer: pointerOf(["service_id"]),
    });
  }
  // The service names the meeting methods it is offered by, as the location does.
  if (!serviceOffersMethod(service, options.meetingMethod)) {
    throw new AppError("unprocessable", {
      code: "service_unavailable",
      messageId: M.serviceUnavailable,
      pointer: pointerOf(["service_id"]),
    });
  }

  // A lobby kiosk asks the minimal form unless the vendor set it to ask everything.
  const minimal =
    !options.byStaff && asksMinimalKioskForm(options.kiosk, settings.client_view.kiosk);
  const asked = {
    contactOptions: settings.client_view.callback_contact_options,
    questions: rows.questions,
  };
  const { contactOptions, questions } = minimal
    ? minimalKioskJoinRules(asked.contactOptions, asked.questions)
    : asked;
  return {
    location,
    service,
    rows,
    context: {
      contactOptions,
      features: {
        notes_digit_validation: features.notes_digit_validation,
        curbside_pickup: features.curbside_pickup,
      },
      questions,
      service: {
        supportsWalkin: service.supportsWalkin,
        supportsCurbsidePickup: service.supportsCurbsidePickup,
      },
      location: { supportsCurbsidePickup: location.supportsCurbsidePickup },
      kiosk: options.kiosk || options.byStaff,
      clientView: {
        explicit_compliance_agreement: settings.client_view.explicit_compliance_agreement,
        sms_notifications: settings.client_view.sms_notifications,
      },
    },
  };
}

function checkVisitorGates(
  location: LocationRow,
  adjustments: HourAdjustments,
  options: JoinGateOptions,
) {
  const clientView = options.vendor.settings.client_view;
  if (location.visibility === "private") {
    throw new AppError("forbidden", { code: "location_private", messageId: M.locationPrivate });
  }
  if (
    options.throughClientView &&
    (!clientView.enabled || !clientView.join_line_from_client_view)
  ) {
    throw new AppError("forbidden", {
      code: "online_queue_unavailable",
      messageId: M.onlineQueueUnavailable,
    });
  }
  let open = false;
  try {
    open = isOpenAt(location.hours, location.timezone, options.now, adjustments);
  } catch {
    // malformed hours count as closed, as everywhere else
  }
  if (location.restrictCallbackRequestHours && !open) {
    const hours = describeNextOpening(
      location.hours,
      location.timezone,
      options.now,
      options.locale,
      adjustments,
    );
    throw new AppError("conflict", {
      code: "location_closed",
      messageId: M.currentlyClosed,
      values: { hours: hours ?? "none" },
    });
  }
}

/** Spec §6: the vendor's features and the location's supports_* both have to allow the method. */
function checkMeetingMethod(location: LocationRow, options: JoinGateOptions) {
  const features = options.vendor.settings.features;
  const pointer = options.pointerOf(["meeting_method"]);
  if (options.meetingMethod === MEETING_METHODS.in_person) {
    if (!location.supportsInPerson || !features.in_person_callbacks) {
      throw new AppError("unprocessable", {
        code: "walkin_unavailable",
        messageId: M.walkinUnavailable,
        pointer,
      });
    }
  } else if (options.meetingMethod === MEETING_METHODS.phone) {
    if (!location.supportsPhone || !features.phone_callbacks) {
      throw new AppError("unprocessable", {
        code: "method_unavailable",
        messageId: M.methodUnavailable,
        values: { type: "phone" },
        pointer,
      });
    }
  } else if (!location.supportsVideo || !features.video_meetings) {
    throw new AppError("unprocessable", {
      code: "method_unavailable",
      messageId: M.methodUnavailable,
      values: { type: "video" },
      pointer,
    });
  }
}

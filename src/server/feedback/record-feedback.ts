// recordFeedback: anonymous feedback on a completed visit (spec §3 Feedback, §4): with the confirm
// code, only once the visit is completed, once per visit, and only where the vendor asks for it.

import { ratingToHalves } from "../../shared/queue/feedback-schema.ts";
import { QUEUE_MESSAGES as M } from "../../shared/queue/queue-messages.ts";
import type { Db } from "../db/client.ts";
import { feedback } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { findQueueAppointmentByCode } from "../queue/find-queue-appointment-by-code.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";

export type RecordFeedbackOptions = {
  db: Db;
  vendor: Vendor;
  queueAppointmentId: number;
  confirmCode: string;
  /** 0–5 in half steps (already checked by feedbackInputSchema) */
  rating: number;
  experience?: string | null | undefined;
  now?: Date;
};

export async function recordFeedback(options: RecordFeedbackOptions) {
  const { db, vendor } = options;
  const visit = await findQueueAppointmentByCode(db, {
    vendorId: vendor.id,
    id: options.queueAppointmentId,
    code: options.confirmCode,
  });
  if (
    !vendor.showQueueAppointmentFeedback ||
    !vendor.settings.features.queue_appointment_feedback
  ) {
    throw new AppError("forbidden", { code: "feedback_disabled", messageId: M.feedbackDisabled });
  }
  if (visit.status !== "completed") {
    throw new AppError("conflict", {
      code: "visit_not_completed",
      messageId: M.feedbackNotCompleted,
    });
  }
  const experience = options.experience?.trim() || null;
  // The unique queue_appointment_id makes "once per visit" hold under concurrent posts too.
  const [row] = await db.transaction(async (tx) =>
    tx
      .insert(feedback)
      .values({
        vendorId: vendor.id,
        queueAppointmentId: visit.id,
        ratingHalves: ratingToHalves(options.rating),
        experience,
        createdAt: options.now ?? new Date(),
      })
      .onConflictDoNothing({ target: feedback.queueAppointmentId })
      .returning(),
  );
  if (!row)
    throw new AppError("conflict", {
      code: "feedback_already_given",
      messageId: M.feedbackAlreadyGiven,
    });
  return row;
}

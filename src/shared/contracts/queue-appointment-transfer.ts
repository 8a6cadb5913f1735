// POST /api/internal/v1/queue-appointments/{id}/transfer (docs/lobby-api.md): move a waiting visitor
// to another service or location's line, keeping their place by arrival time.
import { z } from "zod";
import { resourceIdValue } from "./resource-id.ts";

export const queueAppointmentTransferSchema = z
  .object({
    data: z
      .object({
        type: z.literal("queue-appointment-transfers", "Errors.invalid_value"),
        attributes: z
          .object({
            location_id: resourceIdValue.describe("the line to move to: this location…"),
            service_id: resourceIdValue.describe("…and this service, offered there"),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

export type QueueAppointmentTransferInput = z.input<typeof queueAppointmentTransferSchema>;
export type TransferAttributes = z.output<
  typeof queueAppointmentTransferSchema
>["data"]["attributes"];

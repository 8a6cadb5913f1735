// Response schemas of GET /api/internal/v1/jobs/dead and the params of its retry (platform admins):
// durable jobs that failed every retry, with their last error.
import { z } from "zod";

export const deadJobSchema = z.object({
  type: z.literal("dead_jobs"),
  id: z.string(),
  attributes: z.object({
    queue: z.string().describe("the handler's queue the job failed on"),
    event_id: z.number().int().nullable(),
    event_type: z.string().nullable(),
    failed_at: z.string(),
    attempts: z.number().int(),
    error: z.string().nullable().describe("the last attempt's error message"),
  }),
});

export const deadJobListSchema = z.object({ data: z.array(deadJobSchema) });

export const deadJobParams = z.object({ id: z.string().uuid() }).strict();

export type DeadJob = z.output<typeof deadJobSchema>;
export type DeadJobList = z.output<typeof deadJobListSchema>;

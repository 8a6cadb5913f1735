// What a job task is: work a command queues to be done outside its request, durably (retried with
// backoff, then listed as dead), by whichever node or worker takes it. One task per file in this
// folder, like the event handlers; the job queue creates, works and sends them.
import type { z } from "zod";

/** The name and version a command sends a task's job by, without the task's dependencies. */
export type JobTaskRef<P> = {
  /** kebab-case, unique; with the version it names the task's queue */
  name: string;
  /** raised when the payload changes meaning, so old jobs are never misread */
  version: number;
  /** the payload's type, carried for `send` alone */
  readonly payloadType?: P;
};

/** A task as the job queue runs it: its payload parsed before the work. */
export type JobTask = {
  name: string;
  version: number;
  run(data: unknown): Promise<void>;
};

export function defineJobTask<P>(
  ref: JobTaskRef<P>,
  task: { payload: z.ZodType<P>; run(data: P): Promise<void> },
): JobTask {
  return {
    name: ref.name,
    version: ref.version,
    run: (data) => task.run(task.payload.parse(data)),
  };
}

/** The job queue's name for a task. */
export const taskQueue = (task: Pick<JobTask, "name" | "version">) =>
  `task.${task.name}.v${task.version}`;

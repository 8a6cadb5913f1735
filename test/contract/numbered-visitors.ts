// Distinct visitors for the concurrency test and the join benchmark: visitor n has its own name,
// email and phone, a service chosen by n, and answers (checkbox options, sometimes a text) that
// also depend on n, so every stored row can be checked against exactly what was sent for it.
import type { QueueScenario } from "../factories/queue-scenario.ts";

export type SentVisitor = {
  document: unknown;
  firstName: string;
  lastName: string;
  email: string;
  cellPhone: string;
  serviceId: number;
  /** question id → the value stored for it */
  answers: Map<number, string | number[]>;
};

export function numberedVisitor(s: QueueScenario, n: number): SentVisitor {
  const { reason, comment } = s.questions;
  const walkIn = n % 3 !== 2;
  const serviceId = walkIn ? s.services.walkin.id : s.services.both.id;
  const answers = new Map<number, string | number[]>();
  // The checkbox question is asked (and required) for the walk-in service only.
  if (walkIn) {
    const [first, second] = reason.options.map((option) => option.id) as [number, number];
    answers.set(reason.id, n % 2 === 0 ? [first] : [first, second]);
  }
  if (n % 4 === 0) answers.set(comment.id, `Visitor ${n} needs the ramp ✓`);
  const visitor = {
    firstName: `Visitor${n}`,
    lastName: `Número ${n}`,
    email: `visitor.${n}@example.com`,
    cellPhone: `+447700900${String(n % 1000).padStart(3, "0")}`,
    serviceId,
    answers,
  };
  return {
    ...visitor,
    document: {
      data: {
        type: "queue-appointments",
        attributes: { location_id: String(s.location.id), service_id: serviceId },
        relationships: {
          client: {
            data: {
              type: "clients",
              attributes: {
                first_name: visitor.firstName,
                last_name: visitor.lastName,
                email: visitor.email,
                cell_phone: visitor.cellPhone,
                receive_sms: n % 2 === 0,
              },
            },
          },
          answers: {
            data: [...answers].map(([questionId, value]) => ({
              type: "answers",
              attributes: { question_id: String(questionId), value },
            })),
          },
        },
      },
    },
  };
}

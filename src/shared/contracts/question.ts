// A custom question as GET /api/v2/open/questions answers it (spec §3 Question, §7): type, label,
// help text as placeholder, required, and options as {value, text}, in the request's language.
import { z } from "zod";
import { QUESTION_TYPES } from "../domain.ts";

export const questionResourceSchema = z.object({
  id: z.string(),
  type: z.literal("questions"),
  attributes: z.object({
    type: z.enum(QUESTION_TYPES),
    label: z.string(),
    placeholder: z.string().nullable().describe("help text"),
    required: z.boolean(),
    options: z.array(
      z.object({
        value: z.number().describe("option id; checkbox answers send a list of these"),
        text: z.string(),
      }),
    ),
  }),
});
export type QuestionResource = z.output<typeof questionResourceSchema>;

export const questionListDocumentSchema = z.object({ data: z.array(questionResourceSchema) });

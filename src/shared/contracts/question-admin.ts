// The back office's custom questions (spec §3 Question; docs/admin-services.md):
// GET|POST /api/internal/v1/questions, GET|PATCH /api/internal/v1/questions/{id}.
// Options are listed in order; one left out of a save is archived (past answers still read it).
import { z } from "zod";
import { LOCALES, QUESTION_TYPES } from "../domain.ts";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";
import { translationInputSchema, translationSchema } from "./service-admin.ts";

export const LABEL_MAX = 500;
export const HELP_TEXT_MAX = 1_000;
export const OPTION_TEXT_MAX = 200;
export const OPTIONS_MAX = 100;
/** The types a visitor answers by picking options; the others take text and no options. */
export const CHOICE_QUESTION_TYPES = ["checkbox", "radio", "select"] as const;

export const QUESTION_TRANSLATED_FIELDS = ["label", "help_text"] as const;

const optionInput = z
  .object({
    id: z.string().max(32).optional().describe("an existing option's id; absent for a new option"),
    text: storableText(OPTION_TEXT_MAX).refine((v) => v.trim() !== "", "Errors.required"),
    translations: z
      .array(translationInputSchema(["text"] as const, OPTION_TEXT_MAX))
      .max(LOCALES.length, "Errors.invalid_value")
      .optional(),
  })
  .strict();

const questionAttributes = z
  .object({
    type: z.enum(QUESTION_TYPES, "Errors.invalid_value"),
    label: storableText(LABEL_MAX).refine((v) => v.trim() !== "", "Errors.required"),
    help_text: storableText(HELP_TEXT_MAX).nullable(),
    required: z.boolean("Errors.invalid_value"),
    sort_order: z
      .number("Errors.invalid_value")
      .int("Errors.invalid_value")
      .min(0, "Errors.invalid_value")
      .max(1_000_000, "Errors.invalid_value"),
    translations: z
      .array(translationInputSchema(QUESTION_TRANSLATED_FIELDS, HELP_TEXT_MAX))
      .max(LOCALES.length * QUESTION_TRANSLATED_FIELDS.length, "Errors.invalid_value"),
    options: z.array(optionInput).max(OPTIONS_MAX, "Errors.invalid_value"),
    service_ids: z
      .array(resourceIdValue)
      .max(5_000, "Errors.invalid_value")
      .describe("the services that ask it; none: asked for every service"),
    archived: z.boolean("Errors.invalid_value"),
  })
  .strict();

export const questionCreateSchema = z
  .object({
    data: z
      .object({
        type: z.literal("questions", "Errors.invalid_value"),
        attributes: questionAttributes.partial().required({ type: true, label: true }).strict(),
      })
      .strict(),
  })
  .strict();
export type QuestionCreateInput = z.input<typeof questionCreateSchema>;

export const questionPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("questions", "Errors.invalid_value"),
        id: z.string().max(32).optional(),
        attributes: questionAttributes.partial().strict(),
      })
      .strict(),
  })
  .strict();
export type QuestionPatchInput = z.input<typeof questionPatchSchema>;
export type QuestionChanges = z.output<typeof questionPatchSchema>["data"]["attributes"];

export const questionAdminResourceSchema = z.object({
  type: z.literal("questions"),
  id: z.string(),
  attributes: z.object({
    type: z.enum(QUESTION_TYPES),
    label: z.string(),
    help_text: z.string().nullable(),
    required: z.boolean(),
    sort_order: z.number(),
    translations: z.array(translationSchema),
    options: z.array(
      z.object({ id: z.string(), text: z.string(), translations: z.array(translationSchema) }),
    ),
    service_ids: z.array(z.string()),
    archived: z.boolean(),
    version: z.number(),
    created_at: z.string(),
  }),
});
export type QuestionAdminResource = z.output<typeof questionAdminResourceSchema>;
export type QuestionAdminAttributes = QuestionAdminResource["attributes"];
export const questionAdminDocumentSchema = z.object({ data: questionAdminResourceSchema });
export const questionAdminListSchema = z.object({ data: z.array(questionAdminResourceSchema) });

export const questionListQuerySchema = z
  .object({
    archived: z
      .enum(["true", "false", "all"], "Errors.invalid_value")
      .default("false")
      .describe("false (default): current questions; true: archived ones; all: both"),
  })
  .strict();

// The back office's staff groups (docs/admin-groups-rooms.md): GET|POST /api/internal/v1/groups,
// GET|PATCH /api/internal/v1/groups/{id}. Members travel as `member_ids` in the same document:
// a PATCH that names them replaces the whole list.
import { z } from "zod";
import { storableText } from "../queue/storable-text.ts";
import { resourceIdValue } from "./resource-id.ts";

export const GROUP_NAME_MAX = 200;
export const GROUP_DESCRIPTION_MAX = 2_000;
export const GROUP_MEMBERS_MAX = 5_000;

const groupAttributes = z
  .object({
    name: storableText(GROUP_NAME_MAX).refine((v) => v.trim() !== "", "Errors.required"),
    description: storableText(GROUP_DESCRIPTION_MAX).nullable(),
    member_ids: z.array(resourceIdValue).max(GROUP_MEMBERS_MAX, "Errors.invalid_value"),
    archived: z.boolean("Errors.invalid_value"),
  })
  .strict();

/** POST: a new group; only the name is needed. */
export const staffGroupCreateSchema = z
  .object({
    data: z
      .object({
        type: z.literal("groups", "Errors.invalid_value"),
        attributes: groupAttributes.partial().required({ name: true }).strict(),
      })
      .strict(),
  })
  .strict();
export type StaffGroupCreateInput = z.input<typeof staffGroupCreateSchema>;

/** PATCH: the fields to change; `member_ids` replaces the members, `archived` archives. */
export const staffGroupPatchSchema = z
  .object({
    data: z
      .object({
        type: z.literal("groups", "Errors.invalid_value"),
        id: z.string().max(32).optional(),
        attributes: groupAttributes.partial().strict(),
      })
      .strict(),
  })
  .strict();
export type StaffGroupPatchInput = z.input<typeof staffGroupPatchSchema>;
export type StaffGroupChanges = z.output<typeof staffGroupPatchSchema>["data"]["attributes"];

export const staffGroupResourceSchema = z.object({
  type: z.literal("groups"),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    member_ids: z.array(z.string()).describe("the staff members of the vendor in the group"),
    archived: z.boolean(),
    version: z.number(),
    created_at: z.string(),
  }),
});
export type StaffGroupResource = z.output<typeof staffGroupResourceSchema>;

export const staffGroupDocumentSchema = z.object({ data: staffGroupResourceSchema });
export const staffGroupListSchema = z.object({ data: z.array(staffGroupResourceSchema) });

export const staffGroupListQuerySchema = z
  .object({
    archived: z
      .enum(["true", "false", "all"], "Errors.invalid_value")
      .default("false")
      .describe("false (default): current groups; true: archived ones; all: both"),
  })
  .strict();

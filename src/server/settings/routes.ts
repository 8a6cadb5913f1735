// The settings pages' sections of the vendor's settings, under /api/internal/v1/settings/{section}
// (settings.manage): GET with the settings version as ETag, PUT with it as If-Match. docs/settings.md
// describes each section and where the product honours it.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type SettingsSectionName,
  settingsSectionBodySchema,
  settingsSectionDocumentSchema,
} from "../../shared/contracts/settings-sections.ts";
import type { Permission } from "../../shared/permissions.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses, versionConflictResponse } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { featuresRule, synonymsRule } from "./section-rules.ts";
import {
  loadSettingsSection,
  type SectionRule,
  type SectionState,
  saveSettingsSection,
} from "./settings-store.ts";

type SectionRoute<N extends SettingsSectionName> = {
  name: N;
  summary: string;
  permission?: Permission;
  rule?: SectionRule<N>;
};

const SECTIONS: SectionRoute<SettingsSectionName>[] = [
  { name: "client-view", summary: "What visitors see and are asked on the client view and kiosks" },
  {
    name: "lobby",
    summary: "The lobby board (TV) of every location and the lobby's calling rules",
  },
  {
    name: "features",
    summary: "The vendor's feature flags (some only a platform admin may turn on)",
    rule: featuresRule as SectionRule<SettingsSectionName>,
  },
  {
    name: "synonyms",
    summary: "The vendor's own words for visitor-facing messages, per language",
    rule: synonymsRule as SectionRule<SettingsSectionName>,
  },
  { name: "booking", summary: "How far ahead and how often appointments may be booked" },
];

const tags = ["settings"];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  for (const section of SECTIONS) {
    const { name } = section;
    const preHandler = requireStaff(section.permission ?? "settings.manage");
    const documentSchema = settingsSectionDocumentSchema(name);
    const document = (state: SectionState<typeof name>) => ({
      data: {
        type: "vendor-settings" as const,
        id: name,
        attributes: state.value,
        meta: { version: state.version },
      },
    });

    app.get(
      `/settings/${name}`,
      {
        preHandler,
        schema: {
          tags,
          summary: section.summary,
          response: { 200: documentSchema, ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const state = await loadSettingsSection(db, staffOf(request).vendorId, name);
        setVersionTag(reply, state.version);
        reply.type(JSON_API).header("cache-control", "no-store");
        return document(state);
      },
    );

    app.put(
      `/settings/${name}`,
      {
        preHandler,
        schema: {
          tags,
          summary: `Replaces: ${section.summary.toLowerCase()} (a setting left out takes its default)`,
          body: settingsSectionBodySchema(name),
          response: {
            200: documentSchema,
            ...errorResponses(400, 401, 403, 422),
            409: versionConflictResponse(documentSchema.shape.data),
          },
        },
      },
      async (request, reply) => {
        const state = await saveSettingsSection(
          db,
          app.events,
          staffOf(request),
          name,
          request.body.data.attributes,
          {
            expectedVersion: ifMatchVersion(request),
            ...(section.rule ? { rule: section.rule } : {}),
          },
        );
        setVersionTag(reply, state.version);
        reply.type(JSON_API);
        return document(state);
      },
    );
  }
};

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
  type SectionPrepare,
  type SectionRule,
  type SectionState,
  saveSettingsSection,
} from "./settings-store.ts";
import { sanitiseStatementHtml } from "./statement-html.ts";

type SectionRoute<N extends SettingsSectionName> = {
  name: N;
  summary: string;
  permission?: Permission;
  /** refuses a save its shape allows (see SectionRule) */
  rule?: SectionRule<N>;
  /** transforms the value before it is stored (see SectionPrepare) */
  prepare?: SectionPrepare<N>;
};

/** The default language is one the client view offers. */
const clientViewRule: SectionRule<"client-view"> = ({ after }) =>
  after.available_languages.includes(after.default_language)
    ? []
    : [
        {
          code: "default_language_unavailable",
          messageId: "Settings.error_default_language",
          pointer: "/data/attributes/default_language",
        },
      ];

/** The client view's pre-booking statement is stored sanitised, with the visitor page's allow-list. */
const prepareClientView: SectionPrepare<"client-view"> = async (value) => {
  const statement = value.pre_booking_statement;
  if (statement === null) return value;
  const clean = (await sanitiseStatementHtml(statement)).trim();
  return { ...value, pre_booking_statement: clean === "" ? null : clean };
};

const SECTIONS: SectionRoute<SettingsSectionName>[] = [
  {
    name: "client-view",
    summary: "What visitors see and are asked on the client view and kiosks",
    rule: clientViewRule,
    prepare: prepareClientView,
  },
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
            ...(section.prepare ? { prepare: section.prepare } : {}),
          },
        );
        setVersionTag(reply, state.version);
        reply.type(JSON_API);
        return document(state);
      },
    );
  }
};

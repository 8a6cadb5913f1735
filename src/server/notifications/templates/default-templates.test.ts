import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../shared/domain.ts";
import { formatWaitDuration } from "../../../shared/durations.ts";
import {
  MESSAGE_KIND_NAMES,
  MESSAGE_KINDS,
  type MessageChannel,
  type MessageKind,
  type MessageTemplateText,
} from "../../../shared/notifications/message-kinds.ts";
import {
  checkTemplate,
  renderTemplate,
  templateVariables,
} from "../../../shared/notifications/render-template.ts";
import { smsSegments } from "../../../shared/notifications/sms-segments.ts";
import { defaultTemplate } from "./default-templates.ts";

type Case = { lang: Locale; kind: MessageKind; channel: MessageChannel };

const CASES: Case[] = LOCALES.flatMap((lang) =>
  MESSAGE_KIND_NAMES.flatMap((kind) =>
    MESSAGE_KINDS[kind].channels.map((channel) => ({ lang, kind, channel })),
  ),
);
const TRANSLATED = CASES.filter(({ lang }) => lang !== "en");

/** The default, failing the test when it is missing. */
function text({ lang, kind, channel }: Case): MessageTemplateText {
  const template = defaultTemplate(kind, channel, lang);
  if (!template) throw new Error(`no default for ${kind} ${channel} in ${lang}`);
  return template;
}
const english = (c: Case) => text({ ...c, lang: "en" });

const variables = (t: MessageTemplateText) =>
  [...new Set([...templateVariables(t.subject ?? ""), ...templateVariables(t.body)])].sort();
/** `[label](url)`: a button in the HTML part of an email. */
const links = (body: string) => body.match(/\[[^\]\n]+\]\([^)\s]+\)/g)?.length ?? 0;
const paragraphs = (body: string) => body.split("\n\n").length;
/** The reply words the inbound SMS handler and the carriers recognise. */
const KEYWORDS = ["CANCEL", "HERE", "ARRIVED", "STOP", "START", "HELP"];
const keywords = (body: string) =>
  KEYWORDS.filter((word) => new RegExp(`\\b${word}\\b`).test(body));

const name = ({ lang, kind, channel }: Case) => `${lang} ${kind} ${channel}`;

describe("the product's default messages", () => {
  it("has a text for every language, kind and channel, and none for a channel the kind lacks", () => {
    for (const c of CASES)
      expect(defaultTemplate(c.kind, c.channel, c.lang), name(c)).not.toBeNull();
    for (const lang of LOCALES) {
      expect(defaultTemplate("password_reset", "sms", lang)).toBeNull();
      expect(defaultTemplate("reply_help", "email", lang)).toBeNull();
    }
  });

  it("passes the template check: only the kind's variables, balanced braces, subject for email only", () => {
    for (const c of CASES) {
      const t = text(c);
      expect(checkTemplate(c.kind, c.channel, t), name(c)).toEqual([]);
      if (c.channel === "sms") expect(t.subject, name(c)).toBeNull();
    }
  });

  it("names the same variables as the English text, so no translation drops a link or a value", () => {
    for (const c of TRANSLATED) expect(variables(text(c)), name(c)).toEqual(variables(english(c)));
  });

  it("keeps the English number of [label](url) links and of paragraphs", () => {
    for (const c of TRANSLATED) {
      expect(links(text(c).body), name(c)).toBe(links(english(c).body));
      expect(paragraphs(text(c).body), name(c)).toBe(paragraphs(english(c).body));
    }
  });

  it("keeps the reply keywords of every SMS untranslated, as the English text has them", () => {
    const sms = TRANSLATED.filter(({ channel }) => channel === "sms");
    for (const c of sms) expect(keywords(text(c).body), name(c)).toEqual(keywords(english(c).body));
    // The kinds that tell the visitor what to reply do name their keywords.
    expect(keywords(english({ lang: "en", kind: "reply_help", channel: "sms" }).body)).toEqual([
      "CANCEL",
      "HERE",
      "STOP",
    ]);
    expect(keywords(english({ lang: "en", kind: "stop_confirmed", channel: "sms" }).body)).toEqual([
      "START",
    ]);
  });

  it("is translated: no other language's subject or body is the English one", () => {
    for (const c of TRANSLATED) {
      const t = text(c);
      const en = english(c);
      expect(t.body, name(c)).not.toBe(en.body);
      if (en.subject !== null) expect(t.subject, name(c)).not.toBe(en.subject);
    }
  });

  it("keeps each SMS to two GSM-7 or three UCS-2 parts with typical values", () => {
    const link = "https://nw.example/q/1234567890/abcdefgh";
    for (const c of CASES.filter(({ channel }) => channel === "sms")) {
      const rendered = renderTemplate(text(c).body, {
        vendor: "Northwind Bank",
        location: "Warsaw Centre",
        first_name: "Anna",
        service: "Accounts",
        position: "3",
        wait: formatWaitDuration(25, c.lang),
        desk: "Desk 3",
        staff_name: "Anna Nowak",
        manage_link: link,
        book_link: link,
        feedback_link: link,
        meeting_link: link,
        dial_in: "+48 22 123 45 67",
        dial_in_pin: "123456",
        date: "Wednesday, 2 December 2026",
        time: "14:30",
        code: "K7M2Q9",
      });
      const { encoding, segments } = smsSegments(rendered);
      expect(segments, `${name(c)}: ${rendered}`).toBeLessThanOrEqual(encoding === "GSM-7" ? 2 : 3);
    }
  });
});

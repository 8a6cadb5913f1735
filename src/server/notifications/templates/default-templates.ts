// The product's own wording of every message, in each of the eight languages (one file per
// language in defaults/), which a vendor's or a location's template replaces (resolve-template.ts).
// Email bodies are paragraphs separated by a blank line; a `[label](url)` link is a button in the
// HTML part and "label: url" in the plain-text part.
import type { Locale } from "../../../shared/domain.ts";
import {
  MESSAGE_KINDS,
  type MessageChannel,
  type MessageKind,
  type MessageTemplateText,
} from "../../../shared/notifications/message-kinds.ts";
import { en } from "./defaults/en.ts";
import { es } from "./defaults/es.ts";
import { fr } from "./defaults/fr.ts";
import { ko } from "./defaults/ko.ts";
import { pl } from "./defaults/pl.ts";
import { ptBR } from "./defaults/pt-BR.ts";
import { ru } from "./defaults/ru.ts";
import { zhCN } from "./defaults/zh-CN.ts";

/** Every kind, with a text for each of its channels and no other. */
export type DefaultTemplates = {
  [K in MessageKind]: {
    [C in (typeof MESSAGE_KINDS)[K]["channels"][number]]: MessageTemplateText;
  };
};

const DEFAULTS: Record<Locale, DefaultTemplates> = {
  en,
  es,
  fr,
  ko,
  pl,
  "pt-BR": ptBR,
  ru,
  "zh-CN": zhCN,
};

/** The product's text of a kind on a channel in a language; null when the kind has no such channel. */
export function defaultTemplate(
  kind: MessageKind,
  channel: MessageChannel,
  lang: Locale,
): MessageTemplateText | null {
  if (!(MESSAGE_KINDS[kind].channels as readonly string[]).includes(channel)) return null;
  const texts = DEFAULTS[lang][kind] as Partial<Record<MessageChannel, MessageTemplateText>>;
  return texts[channel] ?? null;
}

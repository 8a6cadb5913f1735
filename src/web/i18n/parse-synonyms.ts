// Parses a vendor's message overrides (spec §5 synonyms). The built catalogs arrive pre-parsed and
// react-intl ships without the ICU parser, so overrides are parsed here, in a chunk loaded only
// for vendors that have them.
import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";

export function parseSynonyms(
  synonyms: Record<string, string>,
): Record<string, MessageFormatElement[]> {
  const parsed: Record<string, MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(synonyms)) {
    try {
      parsed[id] = parse(message);
    } catch (error) {
      // A broken override must not break the page: the product's own message stays in use.
      console.warn(`vendor message override ${id} is not valid ICU and is ignored`, error);
    }
  }
  return parsed;
}

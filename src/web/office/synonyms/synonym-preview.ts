// A message as a visitor would read it, with sample values in its placeholders: the synonyms page's
// preview of a wording. Null when the wording does not parse (the server would refuse it too).
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";

/** A fixed instant, so that a preview reads the same every time. */
const SAMPLE_DATE = new Date(Date.UTC(2026, 2, 14, 15, 30));
const SAMPLE_NUMBER = 3;

type Value = string | number | Date | ((chunks: unknown[]) => string);

function sampleValues(elements: readonly MessageFormatElement[], values: Record<string, Value>) {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        values[element.value] ??= `[${element.value}]`;
        break;
      case TYPE.number:
      case TYPE.plural:
        values[element.value] = SAMPLE_NUMBER;
        break;
      case TYPE.date:
      case TYPE.time:
        values[element.value] = SAMPLE_DATE;
        break;
      case TYPE.select:
        values[element.value] = "other";
        break;
      case TYPE.tag:
        values[element.value] = (chunks) => chunks.join("");
        sampleValues(element.children, values);
        break;
      default:
        break;
    }
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
  }
  return values;
}

export function previewOf(text: string, locale: string): string | null {
  try {
    const elements = parse(text);
    const values = sampleValues(elements, {});
    return String(new IntlMessageFormat(elements, locale).format(values));
  } catch {
    return null;
  }
}

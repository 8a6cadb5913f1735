// What an SMS reply asks for, from its first word (trimmed, any case): the carriers' opt-out and
// help keywords, and the product's own CANCEL (leave the line) and HERE (I have arrived).

export type SmsKeyword = "stop" | "start" | "help" | "cancel" | "arrived";

const KEYWORDS: Record<string, SmsKeyword> = {
  STOP: "stop",
  STOPALL: "stop",
  UNSUBSCRIBE: "stop",
  END: "stop",
  QUIT: "stop",
  // Carriers treat CANCEL as an opt-out too; it leaves the line when there is one to leave (the
  // caller decides, see handle-inbound-sms.ts).
  CANCEL: "cancel",
  START: "start",
  UNSTOP: "start",
  YES: "start",
  HELP: "help",
  INFO: "help",
  HERE: "arrived",
  ARRIVED: "arrived",
};

/** The keyword the reply starts with, or null for anything else. */
export function smsKeyword(body: string): SmsKeyword | null {
  const first = body.trim().split(/\s+/u)[0] ?? "";
  // "Stop." and "HERE!" are meant as the keyword.
  const word = first.replace(/[.!?,;:]+$/u, "").toUpperCase();
  return Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word]! : null;
}

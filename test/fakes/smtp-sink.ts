// A real SMTP server on loopback for tests: it accepts every email (no auth, no TLS), parses it as a
// mail client would and keeps it; told to, it refuses the next ones with a given reply code, to show
// a retry after a 4xx and a permanent failure after a 5xx.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpSink = {
  /** smtp://127.0.0.1:{port}, for SMTP_URL */
  url: string;
  /** every email accepted, in order */
  messages: ParsedMail[];
  /** resolves with the accepted emails once there are at least `count` of them */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** refuses the next `times` recipients (RCPT TO, the default) or messages (DATA) with `code` */
  failNext(code: number, times?: number, at?: "rcpt" | "data"): void;
  close(): Promise<void>;
};

type Refusal = { code: number; at: "rcpt" | "data" };

const refusal = (code: number) =>
  Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), {
    responseCode: code,
  });

export type SmtpSinkOptions = {
  /** called as each email is accepted, with when (performance.now()): benchmarks time deliveries */
  onAccepted?: (mail: ParsedMail, at: number) => void;
};

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const refusals: Refusal[] = [];
  const waiters = new Set<() => void>();
  const takeRefusal = (at: Refusal["at"]) => {
    const index = refusals.findIndex((next) => next.at === at);
    return index === -1 ? undefined : refusals.splice(index, 1)[0];
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(_address, _session, callback) {
      const refused = takeRefusal("rcpt");
      callback(refused ? refusal(refused.code) : null);
    },
    onData(stream, _session, callback) {
      const refused = takeRefusal("data");
      simpleParser(stream)
        .then((parsed) => {
          if (refused) return callback(refusal(refused.code));
          messages.push(parsed);
          options.onAccepted?.(parsed, performance.now());
          for (const wake of waiters) wake();
          callback(null);
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`SMTP sink: ${messages.length} of ${count} emails after ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    failNext(code, times = 1, at = "rcpt") {
      for (let i = 0; i < times; i++) refusals.push({ code, at });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// The request log never carries a confirm code or a token: addresses are logged redacted.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { REDACTED, redactSecrets, redactUrl } from "./request-logging.ts";

describe("redactUrl", () => {
  it("replaces confirm codes and tokens in the query and keeps everything else as it came", () => {
    expect(redactUrl("/api/v2/open/queue-appointments/381?code=ABCD2345EFGH6789&lang=fr")).toBe(
      `/api/v2/open/queue-appointments/381?code=${REDACTED}&lang=fr`,
    );
    expect(redactUrl("/callback-service/3?mode=tv&token=s3cr3t")).toBe(
      `/callback-service/3?mode=tv&token=${REDACTED}`,
    );
    expect(redactUrl("/x?confirm_code=1&board_token=2&Code=3&filter%5Bmatching%5D=4")).toBe(
      `/x?confirm_code=${REDACTED}&board_token=${REDACTED}&Code=${REDACTED}&filter%5Bmatching%5D=4`,
    );
    expect(redactUrl("/locations?zipcode=12345&q=bank")).toBe("/locations?zipcode=12345&q=bank");
  });

  it("replaces a password reset's token in the path", () => {
    expect(redactUrl("/api/internal/v1/password-resets/abcDEF123-_x?lang=en")).toBe(
      `/api/internal/v1/password-resets/${REDACTED}?lang=en`,
    );
    expect(redactUrl("/api/internal/v1/password-resets")).toBe("/api/internal/v1/password-resets");
  });

  it("redacts addresses inside free text", () => {
    expect(redactSecrets("Route GET:/s/1?code=ZZZ&x=1 not found")).toBe(
      `Route GET:/s/1?code=${REDACTED}&x=1 not found`,
    );
  });
});

describe("the request log", () => {
  const lines: string[] = [];
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp({ deps: { logger: { level: "info", stream } } });
  });
  afterAll(() => t.close());

  it("logs requests with their codes and tokens redacted", async () => {
    await t.app.inject({ url: "/api/v2/open/queue-appointments/381?code=SECRETCODE1234AB" });
    await t.app.inject({ url: "/api/v2/open/locations/1/board?token=BOARDTOKENSECRET" });
    await t.app.inject({ url: "/no-such-page?token=UNROUTEDTOKEN" });
    await t.app.inject({
      method: "POST",
      url: "/api/internal/v1/password-resets/RESETTOKENSECRET",
      payload: {},
    });
    const log = lines.join("");
    expect(log).toContain("incoming request");
    expect(log).toContain(`/api/v2/open/queue-appointments/381?code=${REDACTED}`);
    expect(log).toContain(`/api/internal/v1/password-resets/${REDACTED}`);
    for (const secret of [
      "SECRETCODE1234AB",
      "BOARDTOKENSECRET",
      "UNROUTEDTOKEN",
      "RESETTOKENSECRET",
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import { assertVersion, ifMatchVersion } from "./versioning.ts";

const request = (ifMatch?: string) =>
  ({ headers: ifMatch === undefined ? {} : { "if-match": ifMatch } }) as FastifyRequest;

describe("If-Match versions", () => {
  it("reads strong and weak tags, and nothing from an absent header or *", () => {
    expect(ifMatchVersion(request('"3"'))).toBe(3);
    expect(ifMatchVersion(request(' W/"12" '))).toBe(12);
    expect(ifMatchVersion(request())).toBeUndefined();
    expect(ifMatchVersion(request("*"))).toBeUndefined();
  });

  it("refuses a malformed tag with 400", () => {
    for (const value of ["3", '"x"', '"1", "2"', '"1234567890"']) {
      const error = (() => {
        try {
          ifMatchVersion(request(value));
        } catch (e) {
          return e;
        }
      })();
      expect(error, value).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
  });

  it("passes the stored version and answers another with 409 carrying the current object", () => {
    expect(() => assertVersion(undefined, 4, () => null)).not.toThrow();
    expect(() => assertVersion(4, 4, () => null)).not.toThrow();
    try {
      assertVersion(3, 4, () => ({ data: { id: "1" } }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(409);
      expect((error as AppError).items[0]?.code).toBe("version_conflict");
      expect((error as AppError).meta).toEqual({ current: { data: { id: "1" } } });
    }
  });
});

// A unique index that refuses a vendor's row after the checks passed (another write path was
// quicker) gives the same 422 as the checks, at the field it concerns; anything else stays an error.
import { describe, expect, it } from "vitest";
import { AppError } from "../http/app-error.ts";
import { takenMeanwhile } from "./vendor-records.ts";

const pointers = { slug: "/s", hosts: "/h", email: "/e" };
const uniqueViolation = (constraint: string) => ({ code: "23505", constraint });

describe("takenMeanwhile", () => {
  it("names the field of the index that refused the row, wrapped or not", () => {
    const cases: Array<[unknown, string, string]> = [
      [uniqueViolation("users_email_idx"), "email_taken", "/e"],
      [
        { message: "query failed", cause: uniqueViolation("vendors_slug_unique") },
        "slug_taken",
        "/s",
      ],
      [uniqueViolation("vendor_domains_pkey"), "host_taken", "/h"],
    ];
    for (const [error, code, pointer] of cases) {
      const answer = takenMeanwhile(error, pointers);
      expect(answer).toBeInstanceOf(AppError);
      expect(answer?.status).toBe(422);
      expect(answer?.items[0]).toMatchObject({ code, pointer });
    }
  });

  it("leaves every other failure alone", () => {
    expect(takenMeanwhile(new Error("connection lost"), pointers)).toBeUndefined();
    expect(takenMeanwhile({ code: "23503" }, pointers)).toBeUndefined();
    expect(takenMeanwhile(null, pointers)).toBeUndefined();
  });
});

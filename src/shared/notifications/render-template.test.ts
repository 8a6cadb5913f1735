import { describe, expect, it } from "vitest";
import { checkTemplate, renderTemplate, templateVariables } from "./render-template.ts";

describe("renderTemplate", () => {
  it("replaces each variable by its value, as often as it is named", () => {
    expect(
      renderTemplate("{vendor}: hi {first_name}, {first_name}!", {
        vendor: "Northwind Bank",
        first_name: "Ana",
      }),
    ).toBe("Northwind Bank: hi Ana, Ana!");
  });

  it("reads a variable without a value as nothing", () => {
    expect(renderTemplate("Desk: {desk}.", {})).toBe("Desk: .");
    expect(renderTemplate("Desk: {desk}.", { desk: undefined })).toBe("Desk: .");
  });

  it("writes {{ and }} as single braces and does not treat what they enclose as a variable", () => {
    expect(renderTemplate("{{first_name}} is {first_name}", { first_name: "Ana" })).toBe(
      "{first_name} is Ana",
    );
    expect(renderTemplate("{{{first_name}}}", { first_name: "Ana" })).toBe("{Ana}");
  });

  it("leaves a lone brace as it is", () => {
    expect(renderTemplate("a { b } c", {})).toBe("a { b } c");
    expect(renderTemplate("{First_Name}", { first_name: "Ana" })).toBe("{First_Name}");
  });

  it("does not read names inherited from Object.prototype", () => {
    expect(renderTemplate("[{constructor}][{__proto__}]", {})).toBe("[][]");
  });

  it("inserts values literally, without interpreting braces or $ patterns in them", () => {
    expect(renderTemplate("{first_name}", { first_name: "{wait} $& $1" })).toBe("{wait} $& $1");
  });
});

describe("templateVariables", () => {
  it("lists the variables in order of first use, without escaped names", () => {
    expect(templateVariables("{b} {a} {b} {{c}} [x]({manage_link})")).toEqual([
      "b",
      "a",
      "manage_link",
    ]);
  });
});

describe("checkTemplate", () => {
  it("accepts a template naming only the kind's variables", () => {
    expect(
      checkTemplate("joined", "email", {
        subject: "In line at {location}",
        body: "Hi {first_name}, place {position}. {{not a variable}}\n\n[See]({manage_link})",
      }),
    ).toEqual([]);
  });

  it("reports each variable the kind does not offer", () => {
    expect(
      checkTemplate("stop_confirmed", "sms", { subject: null, body: "{vendor} {location} {desk}" }),
    ).toEqual([
      { field: "body", problem: "unknown_variable", variable: "location" },
      { field: "body", problem: "unknown_variable", variable: "desk" },
    ]);
    expect(
      checkTemplate("joined", "email", { subject: "{meeting_link}", body: "{first_name}" }),
    ).toEqual([{ field: "subject", problem: "unknown_variable", variable: "meeting_link" }]);
  });

  it("reports a brace that opens or closes nothing, with its offset", () => {
    expect(checkTemplate("joined", "sms", { subject: null, body: "Hi {first_name" })).toEqual([
      { field: "body", problem: "unbalanced_brace", at: 3 },
    ]);
    expect(checkTemplate("joined", "sms", { subject: null, body: "Hi first_name}" })).toEqual([
      { field: "body", problem: "unbalanced_brace", at: 13 },
    ]);
    expect(checkTemplate("joined", "sms", { subject: null, body: "{{x}" })).toEqual([
      { field: "body", problem: "unbalanced_brace", at: 3 },
    ]);
    expect(checkTemplate("joined", "email", { subject: "{", body: "ok" })).toEqual([
      { field: "subject", problem: "unbalanced_brace", at: 0 },
    ]);
  });

  it("requires a body, and a subject for email only", () => {
    expect(checkTemplate("joined", "sms", { subject: null, body: "  \n" })).toEqual([
      { field: "body", problem: "body_required" },
    ]);
    expect(checkTemplate("joined", "email", { subject: null, body: "" })).toEqual([
      { field: "subject", problem: "subject_required" },
      { field: "body", problem: "body_required" },
    ]);
    expect(checkTemplate("joined", "email", { subject: " ", body: "Hi" })).toEqual([
      { field: "subject", problem: "subject_required" },
    ]);
    expect(checkTemplate("joined", "sms", { subject: null, body: "Hi" })).toEqual([]);
  });
});

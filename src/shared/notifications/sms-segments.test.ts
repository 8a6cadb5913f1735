import { describe, expect, it } from "vitest";
import { smsSegments } from "./sms-segments.ts";

describe("smsSegments in GSM-7", () => {
  it("fits 160 characters in one message and splits 161 into two parts of 153", () => {
    expect(smsSegments("a".repeat(160))).toEqual({
      encoding: "GSM-7",
      units: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(smsSegments("a".repeat(161))).toEqual({
      encoding: "GSM-7",
      units: 161,
      segments: 2,
      perSegment: 153,
    });
    expect(smsSegments("a".repeat(306)).segments).toBe(2);
    expect(smsSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts an empty text as one message", () => {
    expect(smsSegments("")).toEqual({ encoding: "GSM-7", units: 0, segments: 1, perSegment: 160 });
  });

  it("keeps GSM accented letters, newlines and £ in one unit each", () => {
    const text = "àéèùìòÇÑÜäöñü£¥§¿¡\n";
    expect(smsSegments(text)).toMatchObject({ encoding: "GSM-7", units: [...text].length });
  });

  it("counts each extension character (€ [ ] { } ~ ^ | \\) as two units", () => {
    expect(smsSegments("€[]{}~^|\\")).toMatchObject({ encoding: "GSM-7", units: 18 });
    expect(smsSegments(`${"a".repeat(158)}€`)).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments(`${"a".repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it("never splits an extension character's two units across parts", () => {
    // 152 + 2 + 152 = 306 units: the € does not fit in part one's last unit, so three parts.
    const text = `${"a".repeat(152)}€${"a".repeat(152)}`;
    expect(smsSegments(text)).toMatchObject({ encoding: "GSM-7", units: 306, segments: 3 });
    expect(smsSegments(`${"a".repeat(151)}€${"a".repeat(153)}`).segments).toBe(2);
  });
});

describe("smsSegments in UCS-2", () => {
  it("switches the whole text to UCS-2 for one character outside the GSM alphabet", () => {
    expect(smsSegments(`${"a".repeat(69)}ł`)).toEqual({
      encoding: "UCS-2",
      units: 70,
      segments: 1,
      perSegment: 70,
    });
    expect(smsSegments(`${"a".repeat(70)}ł`)).toEqual({
      encoding: "UCS-2",
      units: 71,
      segments: 2,
      perSegment: 67,
    });
    expect(smsSegments("ł".repeat(134)).segments).toBe(2);
    expect(smsSegments("ł".repeat(135)).segments).toBe(3);
  });

  it("counts extension characters once in UCS-2", () => {
    expect(smsSegments("€ł")).toMatchObject({ encoding: "UCS-2", units: 2 });
  });

  it("counts an emoji as two units", () => {
    expect(smsSegments("👍")).toMatchObject({ encoding: "UCS-2", units: 2, segments: 1 });
    expect(smsSegments(`${"a".repeat(68)}👍`)).toMatchObject({ units: 70, segments: 1 });
    expect(smsSegments(`${"a".repeat(69)}👍`)).toMatchObject({ units: 71, segments: 2 });
  });

  it("never splits an emoji's surrogate pair across parts", () => {
    // 66 + 2 + 66 = 134 units, but the emoji cannot take part one's last unit.
    expect(smsSegments(`${"a".repeat(66)}👍${"a".repeat(66)}`)).toMatchObject({
      units: 134,
      segments: 3,
    });
    expect(smsSegments(`${"a".repeat(65)}👍${"a".repeat(67)}`).segments).toBe(2);
  });

  it("reads Korean, Russian and Chinese as UCS-2", () => {
    for (const text of ["안녕하세요", "Здравствуйте", "您好"])
      expect(smsSegments(text)).toMatchObject({ encoding: "UCS-2", units: text.length });
  });
});

import { describe, expect, it } from "vitest";
import { localDateAt, localDayAt, localDayOf } from "./local-day.ts";

describe("local day", () => {
  it("finds the location's date and its bounds, not the server's", () => {
    // 02:30 UTC on the 12th is still the evening of the 11th in Toronto (UTC−4 in summer)
    const day = localDayAt(new Date("2030-07-12T02:30:00Z"), "America/Toronto");
    expect(day.date).toBe("2030-07-11");
    expect(day.weekday).toBe("thursday");
    expect(day.start.toISOString()).toBe("2030-07-11T04:00:00.000Z");
    expect(day.end.toISOString()).toBe("2030-07-12T04:00:00.000Z");
  });

  it("is 23 hours long on the day clocks go forward", () => {
    const day = localDayOf("2030-03-10", "America/Toronto");
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
  });

  it("turns the date at the location's midnight, wherever the server is", () => {
    expect(localDateAt(new Date("2030-07-12T03:59:00Z"), "America/Toronto")).toBe("2030-07-11");
    expect(localDateAt(new Date("2030-07-12T04:00:00Z"), "America/Toronto")).toBe("2030-07-12");
    expect(localDateAt(new Date("2030-07-11T14:00:00Z"), "Asia/Seoul")).toBe("2030-07-11");
    expect(localDateAt(new Date("2030-07-11T15:00:00Z"), "Asia/Seoul")).toBe("2030-07-12");
  });
});

// Which replies count as which keyword.
import { describe, expect, it } from "vitest";
import { smsKeyword } from "./sms-keyword.ts";

describe("smsKeyword", () => {
  it.each([
    ["STOP", "stop"],
    ["  stop ", "stop"],
    ["Stop.", "stop"],
    ["stopall", "stop"],
    ["UNSUBSCRIBE", "stop"],
    ["end", "stop"],
    ["Quit", "stop"],
    ["cancel", "cancel"],
    ["Cancel please", "cancel"],
    ["START", "start"],
    ["unstop", "start"],
    ["yes", "start"],
    ["help", "help"],
    ["INFO", "help"],
    ["here", "arrived"],
    ["HERE!", "arrived"],
    ["Arrived, blue car", "arrived"],
  ])("reads %j as %s", (body, keyword) => {
    expect(smsKeyword(body)).toBe(keyword);
  });

  it.each(["", "   ", "Thanks!", "I am here", "stopping by later", "constructor", "__proto__"])(
    "reads %j as nothing",
    (body) => {
      expect(smsKeyword(body)).toBeNull();
    },
  );
});

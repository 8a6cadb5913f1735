import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEFAULT_VENDOR).toBe("demo");
  });

  it("names the variable and the value when a value is bad", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrowError(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrowError(/^Invalid PORT \(got "eighty"\)/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrowError(/Invalid DATABASE_URL/);
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrowError(/Invalid LOG_LEVEL/);
  });

  it("treats an empty value as unset", () => {
    expect(parseConfig({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });
});

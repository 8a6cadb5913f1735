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

  it("refuses SMS_PROVIDER=twilio without each of Twilio's settings, naming the missing one", () => {
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "a-token-of-sixteen-chars",
      TWILIO_FROM: "+15005550006",
    };
    expect(parseConfig(twilio).SMS_PROVIDER).toBe("twilio");
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]) {
      expect(() => parseConfig({ ...twilio, [name]: "" })).toThrowError(
        new ConfigError(`Missing ${name}: required when SMS_PROVIDER=twilio`),
      );
    }
    expect(parseConfig({}).SMS_PROVIDER).toBe("log");
  });

  it("treats an empty value as unset", () => {
    expect(parseConfig({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });

  it("reads TRUST_PROXY as no proxy, a hop count or the proxies' addresses, and refuses true", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "loopback",
    ]);
    expect(parseConfig({ TRUST_PROXY: "fd00::/8,192.168.0.0/255.255.0.0" }).TRUST_PROXY).toEqual([
      "fd00::/8",
      "192.168.0.0/255.255.0.0",
    ]);
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrowError(
      /^Invalid TRUST_PROXY \(got "true"\): .*number of proxies.*addresses/,
    );
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrowError(/Invalid TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: "proxy.internal" })).toThrowError(
      /Invalid TRUST_PROXY/,
    );
  });
});

import { describe, expect, it } from "vitest";
import { parseTheme, parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { Vendor, VendorResolver } from "../tenancy/resolve-vendor.ts";
import { handshakeHost, resolveSocketContext, type SocketData } from "./socket-context.ts";

const vendor: Vendor = {
  id: 9,
  slug: "bank",
  name: "Bank",
  homepage: null,
  currency: "USD",
  privateLabel: false,
  showQueueAppointmentFeedback: true,
  settings: parseVendorSettings({
    client_view: { available_languages: ["en", "fr"], default_language: "fr" },
  }),
  theme: parseTheme({}),
};

function resolverOf(
  answer: (host: string | undefined) => Vendor | undefined | Promise<never>,
): Pick<VendorResolver, "resolve"> & { asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  return {
    asked,
    resolve: async (host) => {
      asked.push(host);
      return answer(host);
    },
  };
}

async function handshake(
  resolver: Pick<VendorResolver, "resolve">,
  headers: Record<string, string>,
  query: Record<string, string> = {},
  trustProxy = false,
) {
  const socket = { handshake: { headers, query }, data: {} as unknown };
  let error: (Error & { data?: unknown }) | undefined;
  await resolveSocketContext(resolver, trustProxy)(socket as never, (e) => {
    error = e;
  });
  return { data: socket.data as SocketData, error };
}

describe("socket context at the handshake", () => {
  it("resolves the vendor from the Host and the language from lang, then Accept-Language, within the vendor's languages", async () => {
    const resolver = resolverOf(() => vendor);
    const byHeader = await handshake(resolver, {
      host: "bank.example.test",
      "accept-language": "es, en;q=0.5",
    });
    expect(byHeader.data).toEqual({ vendorId: 9, locale: "en", expiries: {} });
    expect(resolver.asked).toEqual(["bank.example.test"]);
    expect((await handshake(resolver, { host: "x" }, { lang: "fr" })).data.locale).toBe("fr");
    expect((await handshake(resolver, { host: "x" })).data.locale).toBe("fr");
  });

  it("refuses a connection whose Host names no vendor, saying why", async () => {
    const { error } = await handshake(
      resolverOf(() => undefined),
      { host: "nobody.example.test" },
    );
    expect(error?.data).toEqual({
      status: 404,
      code: "vendor_not_found",
      message: "The page you are looking for cannot be found",
    });
  });

  it("answers 503 when the vendor cannot be looked up", async () => {
    const { error } = await handshake(
      resolverOf(() => Promise.reject(new Error("db down"))),
      { host: "x" },
    );
    expect(error?.data).toMatchObject({ status: 503, code: "unavailable" });
  });

  it("honours X-Forwarded-Host only behind a trusted proxy", () => {
    const headers = { host: "internal:3000", "x-forwarded-host": "bank.example.test, proxy" };
    expect(handshakeHost(headers, false)).toBe("internal:3000");
    expect(handshakeHost(headers, true)).toBe("bank.example.test");
  });
});

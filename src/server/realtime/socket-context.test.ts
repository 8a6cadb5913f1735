import { describe, expect, it } from "vitest";
import { parseTheme, parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { TrustedProxies } from "../http/trust-proxy.ts";
import type { Vendor, VendorResolver } from "../tenancy/resolve-vendor.ts";
import {
  handshakeAddress,
  handshakeHost,
  proxyTrustOf,
  resolveSocketContext,
  type SocketData,
} from "./socket-context.ts";

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
  trustProxy: TrustedProxies = false,
) {
  const request = { headers, socket: { remoteAddress: "192.0.2.7" } };
  const socket = { handshake: { headers, query }, request, data: {} as unknown };
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
    expect(byHeader.data).toEqual({
      vendorId: 9,
      locale: "en",
      address: "192.0.2.7",
      staffChannels: {},
    });
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

  // The same answers Fastify gives request.host and request.ip for the same TRUST_PROXY.
  const through = (peer: string, headers: Record<string, string>) =>
    ({ headers: { host: "internal:3000", ...headers }, socket: { remoteAddress: peer } }) as never;

  it("honours X-Forwarded-Host only from a trusted proxy, taking the entry it wrote", () => {
    const request = through("10.0.0.1", {
      "x-forwarded-host": "spoofed.example, bank.example.test",
    });
    expect(handshakeHost(request, proxyTrustOf(false))).toBe("internal:3000");
    expect(handshakeHost(request, proxyTrustOf(1))).toBe("bank.example.test");
    expect(handshakeHost(request, proxyTrustOf(["10.0.0.0/8"]))).toBe("bank.example.test");
    expect(handshakeHost(request, proxyTrustOf(["192.0.2.1"]))).toBe("internal:3000");
  });

  it("reads the client's address from the right of X-Forwarded-For, through trusted proxies only", () => {
    // The client wrote 203.0.113.66 itself; the one proxy appended the address it saw.
    const request = through("10.0.0.1", { "x-forwarded-for": "203.0.113.66, 198.51.100.4" });
    expect(handshakeAddress(request, proxyTrustOf(false))).toBe("10.0.0.1");
    expect(handshakeAddress(request, proxyTrustOf(1))).toBe("198.51.100.4");
    expect(handshakeAddress(request, proxyTrustOf(["10.0.0.1"]))).toBe("198.51.100.4");
    // A connection that is not from a trusted proxy speaks only for itself.
    expect(handshakeAddress(request, proxyTrustOf(["192.0.2.1"]))).toBe("10.0.0.1");
  });
});

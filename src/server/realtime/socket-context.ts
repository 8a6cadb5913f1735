// Who a socket is: the vendor its handshake Host resolves to (as for HTTP), the client's address
// (for limits) and the language its refusals are written in. Resolved once at the handshake.
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { ExtendedError, Socket } from "socket.io";
import type { Locale } from "../../shared/domain.ts";
import { matchLocale, negotiateLocale } from "../../shared/locale.ts";
import { translate } from "../http/messages.ts";
import { fastifyTrustProxy, type TrustedProxies } from "../http/trust-proxy.ts";
import type { VendorResolver } from "../tenancy/resolve-vendor.ts";
import type { StaffGrant } from "./authorize-subscription.ts";

/** A held staff channel: the grant it stands on, and when it ends (token or session, whichever first). */
export type HeldStaffChannel = StaffGrant & { endsAt: number };

export type SocketData = {
  vendorId: number;
  locale: Locale;
  /** the client's address, as Fastify reads request.ip */
  address: string;
  /** staff channel → what it stands on; kept in socket.data so a recovered session keeps it */
  staffChannels: Record<string, HeldStaffChannel>;
};

/** Who may speak for the client: Fastify's trust function for TRUST_PROXY, compiled once. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export function proxyTrustOf(trusted: TrustedProxies): ProxyTrust {
  const trust = fastifyTrustProxy(trusted);
  if (trust === false) return () => false;
  return typeof trust === "function" ? trust : proxyAddr.compile(trust);
}

/**
 * The Host the client asked for: X-Forwarded-Host's last entry when the connection's peer is a
 * trusted proxy, as Fastify's request.host reads it; the Host header otherwise.
 */
export function handshakeHost(request: IncomingMessage, trust: ProxyTrust): string | undefined {
  const forwarded = request.headers["x-forwarded-host"];
  const peer = request.socket.remoteAddress;
  if (typeof forwarded === "string" && forwarded && peer !== undefined && trust(peer, 0))
    return forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
  return request.headers.host;
}

/**
 * The client's address as Fastify's request.ip reads it: X-Forwarded-For read from the right
 * through the trusted proxies only, so what a client wrote itself is never believed.
 */
export function handshakeAddress(request: IncomingMessage, trust: ProxyTrust): string {
  const chain = proxyAddr.all(request, trust);
  return chain[chain.length - 1] ?? request.socket.remoteAddress ?? "unknown";
}

export function resolveSocketContext(
  vendors: Pick<VendorResolver, "resolve">,
  trusted: TrustedProxies,
) {
  const trust = proxyTrustOf(trusted);
  return async (socket: Socket, next: (error?: ExtendedError) => void) => {
    const { headers, query } = socket.handshake;
    const lang = typeof query.lang === "string" ? query.lang : undefined;
    let vendor: Awaited<ReturnType<VendorResolver["resolve"]>>;
    try {
      vendor = await vendors.resolve(handshakeHost(socket.request, trust));
    } catch {
      return next(
        refusal(
          503,
          "unavailable",
          "Realtime.unavailable",
          negotiateLocale(headers["accept-language"]),
        ),
      );
    }
    if (!vendor) {
      const locale = matchLocale(lang) ?? negotiateLocale(headers["accept-language"]);
      return next(refusal(404, "vendor_not_found", "Errors.not_found", locale));
    }
    const available = vendor.settings.client_view.available_languages;
    const locale =
      matchLocale(lang, available) ??
      negotiateLocale(
        headers["accept-language"],
        available,
        vendor.settings.client_view.default_language,
      );
    const data: SocketData = {
      vendorId: vendor.id,
      locale,
      address: handshakeAddress(socket.request, trust),
      staffChannels: {},
    };
    socket.data = data;
    next();
  };
}

/** A handshake refusal the client sees as connect_error, with `data` like a subscription_error. */
function refusal(status: number, code: string, messageId: string, locale: Locale): ExtendedError {
  const message = translate(locale, messageId);
  return Object.assign(new Error(message), { data: { status, code, message } });
}

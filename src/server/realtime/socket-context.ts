// Who a socket is: the vendor its handshake Host resolves to (as for HTTP) and the language its
// refusals are written in. Resolved once at the handshake by a socket.io middleware.
import type { IncomingHttpHeaders } from "node:http";
import type { ExtendedError, Socket } from "socket.io";
import type { Locale } from "../../shared/domain.ts";
import { matchLocale, negotiateLocale } from "../../shared/locale.ts";
import { translate } from "../http/messages.ts";
import type { VendorResolver } from "../tenancy/resolve-vendor.ts";

export type SocketData = {
  vendorId: number;
  locale: Locale;
  /** staff channel → when its token expires (epoch ms); kept in socket.data so a recovered session keeps it */
  expiries: Record<string, number>;
};

/** The Host the client asked for, honouring X-Forwarded-Host only behind a trusted proxy (as Fastify does). */
export function handshakeHost(
  headers: IncomingHttpHeaders,
  trustProxy: boolean,
): string | undefined {
  const forwarded = headers["x-forwarded-host"];
  if (trustProxy && typeof forwarded === "string" && forwarded)
    return forwarded.split(",")[0]?.trim();
  return headers.host;
}

export function resolveSocketContext(
  vendors: Pick<VendorResolver, "resolve">,
  trustProxy: boolean,
) {
  return async (socket: Socket, next: (error?: ExtendedError) => void) => {
    const { headers, query } = socket.handshake;
    const lang = typeof query.lang === "string" ? query.lang : undefined;
    let vendor: Awaited<ReturnType<VendorResolver["resolve"]>>;
    try {
      vendor = await vendors.resolve(handshakeHost(headers, trustProxy));
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
    const data: SocketData = { vendorId: vendor.id, locale, expiries: {} };
    socket.data = data;
    next();
  };
}

/** A handshake refusal the client sees as connect_error, with `data` like a subscription_error. */
function refusal(status: number, code: string, messageId: string, locale: Locale): ExtendedError {
  const message = translate(locale, messageId);
  return Object.assign(new Error(message), { data: { status, code, message } });
}

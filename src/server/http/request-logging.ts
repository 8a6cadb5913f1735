// What the request log may say about a request: its address with the secrets taken out. Confirm
// codes (`?code=`), board link and password-reset tokens (`?token=`, `/password-resets/{token}`)
// would otherwise sit in every info line, readable by whoever reads the logs.
import type { FastifyServerOptions } from "fastify";
import pino from "pino";

export const REDACTED = "[redacted]";

/** Query parameters whose values are secrets (a confirm code, a token, a key) wherever they appear. */
const SECRET_PARAMETER = /(^|_)(code|codes|token|tokens|secret|password|key)$/i;

/** Path segments that are secrets themselves: the token of a password reset. */
const SECRET_SEGMENT = /(\/password-resets\/)[^/?#]+/gi;

/** The address with every secret path segment and query value replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = (queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt)).replace(
    SECRET_SEGMENT,
    `$1${REDACTED}`,
  );
  if (queryAt === -1) return path;
  // Rewrite parameter by parameter, leaving the rest of the query exactly as it came.
  const query = withoutHash
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // a malformed escape: judge the name as written
      }
      const bracket = name.indexOf("[");
      const base = bracket === -1 ? name : name.slice(0, bracket);
      return equals !== -1 && SECRET_PARAMETER.test(base) ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/** Free text (a log message, an error's message) with any address in it redacted likewise. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_SEGMENT, `$1${REDACTED}`)
    .replace(SECRET_PARAMETER_IN_TEXT, (_match, lead: string) => `${lead}${REDACTED}`);
}

const SECRET_PARAMETER_IN_TEXT =
  /([?&](?:[\w%.[\]-]*_)?(?:code|codes|token|tokens|secret|password|key)(?:%5B[^=&]*|\[[^=&]*)?=)[^&\s#"']*/gi;

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
};

/** Fastify's own request serializer, with the address redacted. */
export const requestLogSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** pino's error serializer, its message and stack redacted (framework errors name the URL). */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  return {
    ...serialized,
    message: redactSecrets(String(serialized.message ?? "")),
    stack: redactSecrets(String(serialized.stack ?? "")),
  };
}

/**
 * The server's logger options: the configured level, or the options a caller gives (a test's
 * stream), always with the redacting serializers.
 */
export function requestLoggerOptions(
  given: FastifyServerOptions["logger"],
  level: string,
): FastifyServerOptions["logger"] {
  if (given === false) return false;
  const options = typeof given === "object" && given !== null ? given : { level };
  return {
    ...options,
    serializers: {
      ...(options as { serializers?: object }).serializers,
      ...requestLogSerializers,
      err: serializeError,
    },
    hooks: {
      // Messages written with the address in them ("Route GET:/x?code=… not found").
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? redactSecrets(arg) : arg)) as typeof args,
        );
      },
    },
  };
}

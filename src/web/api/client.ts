// The one fetch client of the web app (spec §7): JSON:API media type, the visitor's language in
// Accept-Language, the anti-forgery token on state-changing calls, errors[] parsed into an ApiError.
import { DEFAULT_LOCALE, type Locale } from "../../shared/domain.ts";

export const JSON_API = "application/vnd.api+json";

/** One entry of a JSON:API `errors[]` array, as the server sends it. */
export type ApiErrorObject = {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
};

/** A non-OK answer: `body` is the parsed body, or {} when it could not be parsed (spec §7). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly errors: ApiErrorObject[];

  constructor(status: number, body: unknown) {
    const errors = errorsOf(body);
    super(errors[0]?.detail ?? errors[0]?.title ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.errors = errors;
  }

  /** the error document's top-level `meta` (a 409 `version_conflict` carries `meta.current`) */
  get meta(): Record<string, unknown> | undefined {
    const { body } = this;
    if (typeof body !== "object" || body === null || !("meta" in body)) return undefined;
    const { meta } = body as { meta: unknown };
    return typeof meta === "object" && meta !== null
      ? (meta as Record<string, unknown>)
      : undefined;
  }

  /** the first error about the field at `pointer` ("/data/attributes/email"), for forms */
  errorAt(pointer: string): ApiErrorObject | undefined {
    return this.errors.find((error) => error.source?.pointer === pointer);
  }
}

function errorsOf(body: unknown): ApiErrorObject[] {
  if (typeof body !== "object" || body === null || !("errors" in body)) return [];
  const { errors } = body as { errors: unknown };
  return Array.isArray(errors)
    ? errors.filter((e): e is ApiErrorObject => typeof e === "object" && e !== null)
    : [];
}

export type RequestOptions = {
  /** overrides the client's current language for this call */
  locale?: Locale;
  /** a whole Accept-Language header (e.g. the browser's list), for calls that negotiate the language */
  acceptLanguage?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** extra request headers (e.g. Idempotency-Key); they cannot replace the client's own */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  /** "" in the browser (same origin); an absolute origin in tests */
  baseUrl?: string;
  fetch?: typeof fetch;
  getLocale?: () => Locale;
  getCsrfToken?: () => string | null | undefined;
};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? "";
  const getLocale = options.getLocale ?? (() => DEFAULT_LOCALE);
  const getCsrfToken = options.getCsrfToken ?? (() => undefined);

  async function request<T>(
    method: Method,
    path: string,
    body: BodyInit | undefined,
    init: RequestOptions,
  ) {
    const headers = new Headers({
      Accept: JSON_API,
      "Accept-Language": init.acceptLanguage ?? init.locale ?? getLocale(),
      "X-Requested-With": "XMLHttpRequest",
    });
    for (const [name, value] of Object.entries(init.headers ?? {}))
      if (!headers.has(name)) headers.set(name, value);
    if (typeof body === "string") headers.set("Content-Type", JSON_API);
    if (method !== "GET") {
      const token = getCsrfToken();
      if (token) headers.set("X-CSRF-Token", token);
      // spec §8: a missing token is logged, and the server will refuse the call with a clear error.
      else console.warn(`Missing CSRF token for ${method} ${path}`);
    }
    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(`${baseUrl}${withSearch(path, init.query)}`, {
      method,
      headers,
      body,
      credentials: "same-origin",
      signal: init.signal,
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, parseOrEmpty(text));
    if (response.status === 204 || text === "") return undefined as T;
    return JSON.parse(text) as T;
  }

  return {
    get: <T>(path: string, init: RequestOptions = {}) => request<T>("GET", path, undefined, init),
    post: <T>(path: string, body: unknown, init: RequestOptions = {}) =>
      request<T>("POST", path, JSON.stringify(body), init),
    put: <T>(path: string, body: unknown, init: RequestOptions = {}) =>
      request<T>("PUT", path, JSON.stringify(body), init),
    patch: <T>(path: string, body: unknown, init: RequestOptions = {}) =>
      request<T>("PATCH", path, JSON.stringify(body), init),
    delete: <T>(path: string, init: RequestOptions = {}) =>
      request<T>("DELETE", path, undefined, init),
    /** multipart upload; the browser sets the boundary in Content-Type itself */
    postForm: <T>(path: string, form: FormData, init: RequestOptions = {}) =>
      request<T>("POST", path, form, init),
    /** a file as the whole body; the browser sends the file's own type as Content-Type */
    postFile: <T>(path: string, file: Blob, init: RequestOptions = {}) =>
      request<T>("POST", path, file, init),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

function withSearch(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  if (!text) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${text}`;
}

function parseOrEmpty(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

// The app's client: the locale provider and the vendor loader keep these current.
let currentLocale: Locale = DEFAULT_LOCALE;
let csrfToken: string | null = null;

export function setApiLocale(locale: Locale) {
  currentLocale = locale;
}

export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

export const api = createApiClient({
  getLocale: () => currentLocale,
  getCsrfToken: () => csrfToken,
});

// The one error type of the server: a code, an HTTP status, a message id for the localised
// detail, and an optional JSON pointer to the offending field. Mapped to JSON:API once (error-handler.ts).

export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorItem = {
  /** a specific code clients can branch on, e.g. "location_private" */
  code: string;
  /** message id in the catalogs (src/shared/i18n) */
  messageId: string;
  values?: Record<string, string | number>;
  pointer?: string;
  /** the query parameter at fault, when the request has no body to point into */
  parameter?: string;
};

export class AppError extends Error {
  readonly status: number;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;
  /** the error document's top-level `meta` (a 409 version conflict carries the current resource) */
  readonly meta: Record<string, unknown> | undefined;

  constructor(
    kind: ErrorCode,
    items: ErrorItem | ErrorItem[],
    options: { headers?: Record<string, string>; meta?: Record<string, unknown> } = {},
  ) {
    const list = Array.isArray(items) ? items : [items];
    super(list.map((i) => i.code).join(", "));
    this.status = ERROR_STATUS[kind];
    this.items = list;
    this.headers = options.headers ?? {};
    this.meta = options.meta;
  }
}

export const notFound = () =>
  new AppError("not_found", { code: "not_found", messageId: "Errors.not_found" });

import { invoicePath, paths } from '@/config/paths';

/** One field problem of a validation failure (the server's `errors[]`). */
export interface ApiFieldError {
  field: string;
  message: string;
}

/** The server's error body on every 4xx/5xx: `{code, error, errors?}`. */
export interface ApiErrorBody {
  code?: string;
  error?: string;
  errors?: ApiFieldError[];
}

/** A failed API call: the HTTP status (0 when the network failed) and the server's body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, body: ApiErrorBody | undefined, options?: { cause?: unknown }) {
    super(body?.error ?? `HTTP ${status}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an error body defensively: a proxy or crash page may send HTML or nothing. */
export function toErrorBody(value: unknown): ApiErrorBody | undefined {
  if (!isErrorBody(value)) return undefined;
  const body: ApiErrorBody = {};
  const raw = value as Record<string, unknown>;
  if (typeof raw.code === 'string') body.code = raw.code;
  if (typeof raw.error === 'string' && raw.error.trim() !== '') body.error = raw.error;
  if (Array.isArray(raw.errors)) {
    body.errors = raw.errors.filter(
      (e): e is ApiFieldError =>
        typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.message === 'string',
    );
  }
  return body;
}

/**
 * The text to show for a failed call (spec §8): the server's `error` when it sent one,
 * else the screen's own default message.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body?.error) return error.body.error;
  return fallback;
}

/** The server's field messages of a validation failure, by field; undefined for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || !error.body?.errors) return undefined;
  return Object.fromEntries(error.body.errors.map((e) => [e.field, e.message]));
}

/**
 * What a form's banner says about a failed call when the form puts the server's field messages
 * under its fields (`shown`: the server's field names it shows). Each error shows once: nothing
 * when every field message sits under its field; else the first message no field of the form
 * shows; a failure with no field messages says the server's `error`, else `fallback`.
 */
export function bannerError(error: unknown, shown: readonly string[], fallback: string): string | undefined {
  const fields = error instanceof ApiError ? (error.body?.errors ?? []) : [];
  if (fields.length === 0) return errorMessage(error, fallback);
  return fields.find((e) => !shown.includes(e.field))?.message;
}

/**
 * When the server refused because an invoice of the tutor's is overdue past its penalty day
 * (403 `INVOICE_OVERDUE`): the page of that invoice, which its message names, or the list.
 */
export function overdueInvoicePath(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'INVOICE_OVERDUE') return undefined;
  const number = /INV-\d{4}-\d{6,}/.exec(error.message)?.[0];
  return number ? invoicePath(number) : paths.myInvoices;
}

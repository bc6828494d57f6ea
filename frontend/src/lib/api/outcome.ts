import { API_MESSAGES, SUCCESS_TOAST_MS } from './messages';

/** What came back from one call, before interpretation. */
export type RawAnswer =
  | { received: false }
  | { received: true; status: number; body: unknown };

/** A failed call (docs/product/errors.md): the envelope's code or the HTTP status, -1 without a response. */
export interface ApiFailure {
  code: number;
  message: string;
  /** Invalid input (400): the server's message per field (`data.fieldErrors`). */
  fieldErrors?: Record<string, string>;
}

export interface Toast {
  kind: 'success' | 'error';
  text: string;
  /** Unset: the toast library's default. */
  durationMs?: number;
}

export type ApiOutcome<T> =
  | { ok: true; data: T; toast: Toast | null }
  | { ok: false; failure: ApiFailure; toast: Toast };

export interface OutcomeOptions {
  /** Text of the success toast; without it a success stays silent. */
  successText?: string;
  /** Put before the error text, e.g. what was being attempted. */
  errorPrefix?: string;
}

/** The `{code, message, data}` wrapper of every JSON answer. */
export interface Envelope {
  code: number;
  message: string;
  data?: unknown;
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Envelope).code === 'number' &&
    typeof (body as Envelope).message === 'string'
  );
}

/** The `data.fieldErrors` of an invalid-input envelope, when it has any. */
function fieldErrorsOf(envelope: Envelope): Record<string, string> | undefined {
  const data = envelope.data;
  if (typeof data !== 'object' || data === null || !('fieldErrors' in data)) return undefined;
  const { fieldErrors } = data;
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return undefined;
  const entries = Object.entries(fieldErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function statusText(status: number): string {
  if (status === 401) return API_MESSAGES.sessionTimedOut;
  if (status === 403) return API_MESSAGES.forbidden;
  return API_MESSAGES.unknown;
}

function failed<T>(failure: ApiFailure, text: string, options: OutcomeOptions): ApiOutcome<T> {
  return {
    ok: false,
    failure,
    toast: { kind: 'error', text: (options.errorPrefix ?? '') + text },
  };
}

/**
 * Turns one answer into success or failure plus the toast docs/product/errors.md asks for. This is the
 * only place that knows those rules; callers show `toast` as given.
 *
 * The server puts a Japanese message in the envelope for business errors (400, 404, 409, 429)
 * and for 401/403 too, so that message wins; the fixed status texts cover answers without one
 * (a proxy's 502 page, a crashed handler). `T` is trusted to match the payload because the
 * caller's type comes from the OpenAPI contract.
 */
export function interpretAnswer<T>(answer: RawAnswer, options: OutcomeOptions = {}): ApiOutcome<T> {
  if (!answer.received) {
    return failed({ code: -1, message: API_MESSAGES.noResponse }, API_MESSAGES.noResponse, options);
  }
  const { status, body } = answer;
  const success = status >= 200 && status < 300;

  if (isEnvelope(body) && body.code === 0 && success) {
    const toast = options.successText
      ? { kind: 'success' as const, text: options.successText, durationMs: SUCCESS_TOAST_MS }
      : null;
    return { ok: true, data: body.data as T, toast };
  }
  if (isEnvelope(body) && body.code !== 0) {
    const message = body.message || statusText(status);
    const fieldErrors = fieldErrorsOf(body);
    const failure: ApiFailure = fieldErrors ? { code: body.code, message, fieldErrors } : { code: body.code, message };
    return failed(failure, `${message}(エラーコード:${body.code})`, options);
  }
  const message = statusText(status);
  return failed({ code: status, message }, message, options);
}

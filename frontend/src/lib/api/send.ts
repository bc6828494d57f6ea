import { interpretAnswer, type ApiFailure, type ApiOutcome, type OutcomeOptions } from './outcome';
import { reportSessionExpired } from './sessionExpiry';

/** The part of an openapi-fetch result this module reads. */
interface FetchResult<Body> {
  data?: Body;
  error?: unknown;
  response: Response;
}

export interface SendOptions extends OutcomeOptions {
  /**
   * A 401 is an expected answer of this call (wrong password, "not signed in"), not the end of
   * the session: it is not reported to the session-expiry listeners.
   */
  unauthorizedIsAnswer?: boolean;
}

/**
 * Runs one openapi-fetch call and interprets it (see `interpretAnswer`). A call that throws
 * never reached the server (network down, aborted), which docs/product/errors.md calls "no response".
 * A 401 is reported as an expired session unless the caller says it is an answer.
 */
export async function send<Body extends { data?: unknown }>(
  call: () => Promise<FetchResult<Body>>,
  options: SendOptions = {},
): Promise<ApiOutcome<Body['data']>> {
  let result: FetchResult<Body>;
  try {
    result = await call();
  } catch {
    return interpretAnswer({ received: false }, options);
  }
  const { status } = result.response;
  if (status === 401 && !options.unauthorizedIsAnswer) reportSessionExpired();
  const body = result.response.ok ? result.data : result.error;
  return interpretAnswer({ received: true, status, body }, options);
}

/** Thrown by query functions so TanStack Query sees a failure; carries docs/product/errors.md's shape. */
export class ApiError extends Error {
  readonly code: number;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.code = failure.code;
  }
}

/** Whether a failure means the user may not use what was asked for (403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 403;
}

/** Whether a failure means what was asked for is not there (404): deleted, or a wrong address. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 404;
}

/** Whether a failure is the server refusing the input a query was asked with (400). */
export function isRefusedInput(error: unknown): boolean {
  return error instanceof ApiError && error.code === 400;
}

/** For query functions: the data on success, otherwise an ApiError. */
export async function fetchData<Body extends { data?: unknown }>(
  call: () => Promise<FetchResult<Body>>,
  options?: SendOptions,
): Promise<Body['data']> {
  const outcome = await send(call, options);
  if (!outcome.ok) throw new ApiError(outcome.failure);
  return outcome.data;
}

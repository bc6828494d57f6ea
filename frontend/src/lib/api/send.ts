import { interpretAnswer, type ApiFailure, type ApiOutcome, type OutcomeOptions } from './outcome';

/** The part of an openapi-fetch result this module reads. */
interface FetchResult<Body> {
  data?: Body;
  error?: unknown;
  response: Response;
}

/**
 * Runs one openapi-fetch call and interprets it (see `interpretAnswer`). A call that throws
 * never reached the server (network down, aborted), which SPEC section 8 calls "no response".
 */
export async function send<Body extends { data?: unknown }>(
  call: () => Promise<FetchResult<Body>>,
  options?: OutcomeOptions,
): Promise<ApiOutcome<Body['data']>> {
  let result: FetchResult<Body>;
  try {
    result = await call();
  } catch {
    return interpretAnswer({ received: false }, options);
  }
  const body = result.response.ok ? result.data : result.error;
  return interpretAnswer({ received: true, status: result.response.status, body }, options);
}

/** Thrown by query functions so TanStack Query sees a failure; carries SPEC section 8's shape. */
export class ApiError extends Error {
  readonly code: number;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.code = failure.code;
  }
}

/** For query functions: the data on success, otherwise an ApiError. */
export async function fetchData<Body extends { data?: unknown }>(
  call: () => Promise<FetchResult<Body>>,
): Promise<Body['data']> {
  const outcome = await send(call);
  if (!outcome.ok) throw new ApiError(outcome.failure);
  return outcome.data;
}

import { API_MESSAGES } from '@/lib/api/messages';
import { ApiError } from '@/lib/api/send';

/** The text of a failed read: the server's message with its code (docs/product/errors.md). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.code > 0 ? `${error.message}(エラーコード:${error.code})` : error.message;
  return API_MESSAGES.unknown;
}

/**
 * The text of a record that is not there, for its screen: the server's message alone. The screen
 * says what happened and leads back; a "(エラーコード:404)" there would only be noise to a store's staff.
 */
export function notFoundText(error: unknown): string {
  return error instanceof ApiError ? error.message : API_MESSAGES.unknown;
}

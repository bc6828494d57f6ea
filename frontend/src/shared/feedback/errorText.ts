import { API_MESSAGES } from '@/lib/api/messages';
import { ApiError } from '@/lib/api/send';

/** The text of a failed read: the server's message with its code (docs/product/errors.md). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.code > 0 ? `${error.message}(エラーコード:${error.code})` : error.message;
  return API_MESSAGES.unknown;
}

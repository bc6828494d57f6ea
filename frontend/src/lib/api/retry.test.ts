import { describe, expect, it } from 'vitest';
import { retryUnlessRefused } from './retry';
import { ApiError } from './send';

describe('retryUnlessRefused', () => {
  it('tries a lost connection or a server fault again, three times, and a refusal never', () => {
    expect(retryUnlessRefused(0, new ApiError({ code: -1, message: '接続できませんでした。' }))).toBe(true);
    expect(retryUnlessRefused(2, new ApiError({ code: 500, message: 'x' }))).toBe(true);
    expect(retryUnlessRefused(3, new ApiError({ code: 503, message: 'x' }))).toBe(false);
    for (const code of [400, 401, 403, 404, 409]) {
      expect(retryUnlessRefused(0, new ApiError({ code, message: 'x' }))).toBe(false);
    }
  });
});

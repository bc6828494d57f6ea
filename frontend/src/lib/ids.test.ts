import { describe, expect, it } from 'vitest';
import { parseId } from './ids';

describe('parseId', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['007', 7],
    ['9007199254740991', 9007199254740991],
  ])('reads %j as %d', (text, id) => {
    expect(parseId(text)).toBe(id);
  });

  it.each(['', 'abc', '4a', '-1', '1.5', '1e3', ' 1', '9007199254740992'])('rejects %j', (text) => {
    expect(parseId(text)).toBeNull();
  });
});

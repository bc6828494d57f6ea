import { describe, expect, it } from 'vitest';
import { isPasswordFormat } from '@/lib/validation/checks';
import { cryptoRandomInt, generateRandomCode, RANDOM_CODE_LENGTH } from './randomCode';

const RUNS = 2000;

describe('random code (docs/product/constants.md)', () => {
  it('always has 8 characters: 1 upper-case, 4 lower-case, 3 digits, and passes the password format', () => {
    for (let run = 0; run < RUNS; run += 1) {
      const code = generateRandomCode();
      expect(code).toHaveLength(8);
      expect(RANDOM_CODE_LENGTH).toBe(8);
      expect(code.match(/[A-Z]/g)).toHaveLength(1);
      expect(code.match(/[a-z]/g)).toHaveLength(4);
      expect(code.match(/[0-9]/g)).toHaveLength(3);
      expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(isPasswordFormat(code)).toBe(true);
    }
  });

  it('shuffles: the upper-case letter turns up in every position', () => {
    const positions = new Set<number>();
    for (let run = 0; run < RUNS; run += 1) positions.add(generateRandomCode().search(/[A-Z]/));
    expect([...positions].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('differs from run to run', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateRandomCode()));
    expect(codes.size).toBeGreaterThan(195);
  });

  it('uses every letter and digit over many runs', () => {
    const seen = new Set(Array.from({ length: RUNS }, () => generateRandomCode()).join(''));
    expect(seen.size).toBe(26 + 26 + 10);
  });

  it('takes its randomness from the source it is given', () => {
    // Always the first choice: the sets' first characters, and every swap with index 0 shifts them.
    expect(generateRandomCode(() => 0)).toMatch(/^[Aa0]{8}$/);
    expect(generateRandomCode(() => 0).split('').sort().join('')).toBe('000Aaaaa');
  });

  it('draws uniform integers in range', () => {
    for (let run = 0; run < 1000; run += 1) {
      const value = cryptoRandomInt(7);
      expect(Number.isInteger(value) && value >= 0 && value < 7).toBe(true);
    }
  });
});

// docs/product/constants.md: "A random code generator makes 8 characters (1 uppercase, 4 lowercase, 3
// digits)". The user form offers it for initial and reset passwords; three kinds of characters
// in 8 make it pass the password format of docs/product/validation.md.

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';

/** The composition of a code: how many characters of each set. */
export const RANDOM_CODE_PARTS = [
  { chars: UPPER, count: 1 },
  { chars: LOWER, count: 4 },
  { chars: DIGITS, count: 3 },
] as const;

export const RANDOM_CODE_LENGTH = RANDOM_CODE_PARTS.reduce((sum, part) => sum + part.count, 0);

/** An integer in [0, n): a source of randomness that tests can replace. */
export type RandomInt = (n: number) => number;

/**
 * A uniform integer from the browser's cryptographic generator, without modulo bias (values in
 * the incomplete last block are drawn again).
 */
export const cryptoRandomInt: RandomInt = (n) => {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % n;
  }
};

/** A fresh code: 1 upper-case letter, 4 lower-case letters and 3 digits in a random order. */
export function generateRandomCode(randomInt: RandomInt = cryptoRandomInt): string {
  const chars: string[] = [];
  for (const { chars: set, count } of RANDOM_CODE_PARTS) {
    for (let i = 0; i < count; i += 1) chars.push(set.charAt(randomInt(set.length)));
  }
  // Fisher–Yates, so the upper-case letter is not always first.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

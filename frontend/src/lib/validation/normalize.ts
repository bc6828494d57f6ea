// People type with the input method on: 「２」, 「０３－１２３４－５６７８」, ｼﾝｼﾞｭｸ, しんじゅく. A value is
// normalized before it is checked, exactly as the server normalizes it before it checks and stores it
// (backend/internal/domain/validation/normalize.go; docs/product/validation.md#normalization), so a
// form never refuses what the server would accept.

/** Hyphen, non-breaking hyphen, figure dash, en and em dash, horizontal bar, minus, small and full-width hyphen-minus. */
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d]/g;

/** ー (NFKC has already folded the half-width ｰ into it) between digits, as in 03ー1234ー5678. */
function longVowelBetweenDigits(value: string): string {
  return value.replace(/(?<=[0-9])ー(?=[0-9ー])/g, '-');
}

/** For numbers, codes, phone numbers, accounts and mail addresses: half-width, one kind of dash, trimmed. */
export function normalizeCode(value: string): string {
  return longVowelBetweenDigits(
    value.normalize('NFKC').replace(DASHES, '-'),
  ).trim();
}

/**
 * For a number field: what normalizeCode makes of it, without thousands separators or anything
 * else that is no part of a number ('１，０００' → '1000', '－５' → '-5'); '' stays '' (no number).
 */
export function normalizeNumber(value: string): string {
  return normalizeCode(value).replace(/[^0-9A-Za-z_.-]+/g, '');
}

/** For kana names: full-width katakana (hiragana and half-width kana folded), trimmed. */
export function normalizeKana(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u3041-\u3096\u309d\u309e]/g, (c) =>
      String.fromCharCode(c.charCodeAt(0) + 0x60),
    )
    .trim();
}

export type Normalization = 'code' | 'kana';

export const NORMALIZE: Record<Normalization, (value: string) => string> = {
  code: normalizeCode,
  kana: normalizeKana,
};

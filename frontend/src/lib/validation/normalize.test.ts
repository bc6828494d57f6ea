import { describe, expect, it } from 'vitest';
import { normalizeCode, normalizeKana, normalizeNumber } from './normalize';

// The same cases as the server's (backend/internal/domain/validation/normalize_test.go).
describe('normalizeCode', () => {
  it.each([
    ['２', '2'],
    ['０３－１２３４－５６７８', '03-1234-5678'],
    ['03−1234−5678', '03-1234-5678'],
    ['03‐1234‐5678', '03-1234-5678'],
    ['03–1234—5678', '03-1234-5678'],
    ['03ー1234ー5678', '03-1234-5678'],
    ['１ｰ２ｰ３', '1-2-3'],
    ['ＳＴ−０９９', 'ST-099'],
    ['ｚｅｎｋａｋｕ＠ｒｏｕｄｅｒ．ｅｘａｍｐｌｅ', 'zenkaku@rouder.example'],
    ['  store001 ', 'store001'],
    ['データー', 'データー'],
  ])('%s → %s', (typed, stored) => {
    expect(normalizeCode(typed)).toBe(stored);
  });
});

describe('normalizeKana', () => {
  it.each([
    ['ぜんかくてすとてん', 'ゼンカクテストテン'],
    ['ｾﾞﾝｶｸ', 'ゼンカク'],
    ['ゼンカク', 'ゼンカク'],
    [' しんじゅく ', 'シンジュク'],
  ])('%s → %s', (typed, stored) => {
    expect(normalizeKana(typed)).toBe(stored);
  });
});

describe('normalizeNumber', () => {
  it.each([
    ['１２', '12'],
    ['１，０００', '1000'],
    ['－５', '-5'],
    ['−５', '-5'],
    [' 3 ', '3'],
    ['', ''],
    ['１．５', '1.5'],
  ])('%s → %s', (typed, number) => {
    expect(normalizeNumber(typed)).toBe(number);
  });
});

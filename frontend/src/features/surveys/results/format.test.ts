import { describe, expect, it } from 'vitest';
import { segmentOf } from './colors';
import { averageText, bucketLabel, npsText, percentOf } from './format';

describe('survey result formats', () => {
  it('writes NPS with its sign and one decimal, and a dash without answers', () => {
    expect(npsText(12.5)).toBe('+12.5');
    expect(npsText(-8)).toBe('-8.0');
    expect(npsText(0)).toBe('0.0');
    expect(npsText(-0.04)).toBe('0.0');
    expect(npsText(100)).toBe('+100.0');
    expect(npsText(null)).toBe('－');
    expect(npsText(undefined)).toBe('－');
  });

  it('colours 0-6 as detractors, 7-8 as passives and 9-10 as promoters', () => {
    expect([0, 6, 7, 8, 9, 10].map(segmentOf)).toEqual(['detractor', 'detractor', 'passive', 'passive', 'promoter', 'promoter']);
  });

  it('labels weeks by their Monday and months by year and month', () => {
    expect(bucketLabel('2026-09-07', 'WEEK')).toBe('9/7〜');
    expect(bucketLabel('2026-11-01', 'MONTH')).toBe('2026/11');
  });

  it('writes means with two decimals and shares as whole percent', () => {
    expect(averageText(3.875)).toBe('3.88');
    expect(averageText(null)).toBe('－');
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(0, 0)).toBe(0);
  });
});

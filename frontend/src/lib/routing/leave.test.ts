import { describe, expect, it } from 'vitest';
import { isLeaving, LEAVE_PROMPT } from './leave';

const at = (routeId: string, params: Record<string, unknown> = {}) => ({ routeId, params });

describe('isLeaving', () => {
  it('another route is leaving', () => {
    expect(isLeaving(at('/user/'), at('/facility/'))).toBe(true);
    expect(isLeaving(at('/user/$userId', { userId: 1 }), at('/user/'))).toBe(true);
  });

  it('the same route with another id is leaving', () => {
    expect(isLeaving(at('/user/$userId', { userId: 1 }), at('/user/$userId', { userId: 2 }))).toBe(true);
    expect(isLeaving(at('/improvement/{-$improvementId}'), at('/improvement/{-$improvementId}', { improvementId: 5 }))).toBe(
      true,
    );
  });

  it('switching the tab or the query is not', () => {
    expect(isLeaving(at('/survey/$surveyId', { surveyId: 3, tab: 'a' }), at('/survey/$surveyId', { surveyId: 3, tab: 'b' }))).toBe(
      false,
    );
    expect(isLeaving(at('/user/'), at('/user/'))).toBe(false);
  });

  it('compares ids by value whether parsed or not', () => {
    expect(isLeaving(at('/group/$groupId', { groupId: 4 }), at('/group/$groupId', { groupId: '4' }))).toBe(false);
  });

  it('asks in the words of docs/product/errors.md', () => {
    expect(LEAVE_PROMPT).toBe('このページから移動しますか？');
  });
});

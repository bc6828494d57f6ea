import { describe, expect, it } from 'vitest';
import { parentListOf } from './navigation';

describe('the list a route belongs to', () => {
  it.each([
    ['/facility/$facilityId', 'Facility'],
    ['/user/$userId', 'User'],
    ['/survey_result/$surveyId', 'SurveyResult'],
    ['/check_list_master/$checkListMasterId', 'CheckListMaster'],
    ['/status/$facilityId/$checkListMasterId', 'Status'],
  ])('%s → %s', (routeId, list) => {
    expect(parentListOf(routeId)).toBe(list);
  });

  it('is none for a list itself or a route of no list', () => {
    expect(parentListOf('/facility/')).toBeNull();
    expect(parentListOf('/check/$periodId')).toBeNull();
    expect(parentListOf('/improvement/{-$improvementId}')).toBeNull();
  });
});

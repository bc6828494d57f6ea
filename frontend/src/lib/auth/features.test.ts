import { describe, expect, it } from 'vitest';
import availabilityCases from '../../../../backend/internal/domain/survey/testdata/availability_cases.json?raw';
import { usesFeature } from './features';

// The server is tested against the same cases (domain/survey/availability_cases_test.go).
const shared = JSON.parse(availabilityCases) as {
  cases: { name: string; availableSurvey: boolean; surveyStartDate: string | null; today: string; available: boolean }[];
};

describe('the survey function', () => {
  it.each(shared.cases)('is $available when "$name", as the server says (testdata/availability_cases.json)', (c) => {
    const options = {
      availableImprovement: false,
      availableSurvey: c.availableSurvey,
      surveyStartDate: c.surveyStartDate,
      checkinType: 'NO_TERMINAL' as const,
    };
    expect(usesFeature({ isSystemAdmin: false, options, today: c.today }, 'survey')).toBe(c.available);
    // A system administrator always has it, on the server too (app/survey's `allowed`).
    expect(usesFeature({ isSystemAdmin: true, options, today: c.today }, 'survey')).toBe(true);
  });
});

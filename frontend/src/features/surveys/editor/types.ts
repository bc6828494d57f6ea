import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's survey schemas (backend/api/openapi.yaml, tag survey).
type Schemas = components['schemas'];
export type Survey = Schemas['Survey'];
export type SurveyInput = Schemas['SurveyInput'];
export type SurveySummary = Schemas['SurveySummary'];
export type SurveyCategory = Schemas['SurveyCategory'];
export type SurveyQuestion = Schemas['SurveyQuestion'];
export type SurveyLink = Schemas['SurveyLink'];
export type QuestionType = SurveyQuestion['questionType'];
export type CategoryType = SurveyCategory['categoryType'];
export type RewardType = SurveyInput['rewardType'];
export type AnswerLimit = SurveyInput['answerLimit'];
export type AnswerLimitRange = SurveyInput['answerLimitRange'];

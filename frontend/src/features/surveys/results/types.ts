import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's survey result schemas (backend/api/openapi.yaml, tag survey_result).
type Schemas = components['schemas'];
export type NpsTally = Schemas['NpsTally'];
export type SurveyResultRow = Schemas['SurveyResultRow'];
export type SurveyResultPage = Schemas['SurveyResultPage'];
export type SurveyName = Schemas['SurveyName'];
export type SurveyResultDetail = Schemas['SurveyResultDetail'];
export type NpsTrendPoint = Schemas['NpsTrendPoint'];
export type QuestionResult = Schemas['QuestionResult'];
export type RankRow = Schemas['RankRow'];
export type SurveyComment = Schemas['SurveyComment'];
export type SurveyCommentPage = Schemas['SurveyCommentPage'];

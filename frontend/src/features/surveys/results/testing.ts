// Fixtures of the survey result screens' component tests (not part of the app).
import { masterRoutes, page, shibuya, shinjuku } from '@/features/masters/testing';
import type { FakeRoutes } from '@/test/fakeServer';
import type { SurveyComment, SurveyName, SurveyResultDetail, SurveyResultRow } from './types';

export const shinjukuVisit: SurveyResultRow = {
  surveyId: 1,
  surveyName: '来店アンケート',
  fromDate: '2026-08-01',
  toDate: null,
  facilityId: 1,
  facilityName: '新宿駅前店',
  groupId: 5,
  groupName: '関東ブロック',
  answerCount: 40,
  nps: 12.5,
  promoterCount: 15,
  passiveCount: 15,
  detractorCount: 10,
  ratingAverage: 3.875,
};

export const kobeVisit: SurveyResultRow = {
  ...shinjukuVisit,
  facilityId: 8,
  facilityName: '神戸ハーバー店',
  groupId: 9,
  groupName: '関西ブロック',
  answerCount: 20,
  nps: -25,
  promoterCount: 3,
  passiveCount: 9,
  detractorCount: 8,
  ratingAverage: 2.5,
};

/** A store without answers yet. */
export const sendaiVisit: SurveyResultRow = {
  ...shinjukuVisit,
  facilityId: 5,
  facilityName: '仙台駅前店',
  groupId: 6,
  groupName: '東北ブロック',
  answerCount: 0,
  nps: null,
  promoterCount: 0,
  passiveCount: 0,
  detractorCount: 0,
  ratingAverage: null,
};

export const surveyNames: SurveyName[] = [
  { surveyId: 1, surveyName: '来店アンケート' },
  { surveyId: 2, surveyName: '新メニューアンケート' },
];

export const visitDetail: SurveyResultDetail = {
  surveyId: 1,
  surveyName: '来店アンケート',
  surveyTitle: 'ご来店ありがとうございます',
  answerCount: 60,
  nps: 0,
  promoterCount: 18,
  passiveCount: 24,
  detractorCount: 18,
  trend: [
    { startDate: '2026-09-01', nps: 10, promoterCount: 8, passiveCount: 8, detractorCount: 4 },
    { startDate: '2026-10-01', nps: null, promoterCount: 0, passiveCount: 0, detractorCount: 0 },
    { startDate: '2026-11-01', nps: -5.5, promoterCount: 10, passiveCount: 16, detractorCount: 14 },
  ],
  distribution: [1, 0, 2, 3, 2, 4, 6, 11, 13, 10, 8],
  questions: [
    {
      questionId: 11,
      questionType: 'SINGLE_CHOICE',
      text: 'ご来店頻度',
      answerCount: 50,
      counts: [
        { label: '初めて', count: 20 },
        { label: '月に1回以上', count: 30 },
      ],
      average: null,
    },
    {
      questionId: 21,
      questionType: 'RATING',
      text: 'スタッフの対応',
      answerCount: 4,
      counts: [
        { label: '1', count: 0 },
        { label: '2', count: 1 },
        { label: '3', count: 1 },
        { label: '4', count: 1 },
        { label: '5', count: 1 },
      ],
      average: 3.5,
    },
  ],
  facilityRanking: [
    { id: 1, name: '新宿駅前店', answerCount: 40, nps: 12.5, promoterCount: 15, passiveCount: 15, detractorCount: 10 },
    { id: 8, name: '神戸ハーバー店', answerCount: 20, nps: -25, promoterCount: 3, passiveCount: 9, detractorCount: 8 },
  ],
  groupRanking: [
    { id: 5, name: '関東ブロック', answerCount: 40, nps: 12.5, promoterCount: 15, passiveCount: 15, detractorCount: 10 },
    { id: 9, name: '関西ブロック', answerCount: 20, nps: -25, promoterCount: 3, passiveCount: 9, detractorCount: 8 },
  ],
};

export const comments: SurveyComment[] = [
  {
    answerId: 101,
    answeredAt: '2026-11-20T03:15:00Z',
    facilityId: 1,
    facilityName: '新宿駅前店',
    questionId: 24,
    question: 'ご意見・ご感想',
    text: '店員さんの笑顔が素敵でした',
    npsScore: 10,
    mailAddress: 'hanako@example.com',
  },
  {
    answerId: 102,
    answeredAt: '2026-11-19T10:00:00Z',
    facilityId: 8,
    facilityName: '神戸ハーバー店',
    questionId: 24,
    question: 'ご意見・ご感想',
    text: 'レジの待ち時間が長かった',
    npsScore: 3,
    mailAddress: '',
  },
];

/** A signed-in demo administrator (with the master routes) answering the survey result calls. */
export function surveyResultRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return masterRoutes({
    'GET /api/survey_result': { data: page([shinjukuVisit, kobeVisit, sendaiVisit], 3) },
    'GET /api/survey_result/surveys': { data: surveyNames },
    'GET /api/survey_result/1': { data: visitDetail },
    'GET /api/survey_result/1/comments': { data: page(comments, 2) },
    'GET /api/facility': { data: page([shinjuku, shibuya]) },
    ...overrides,
  });
}

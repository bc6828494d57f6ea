// Fixtures of the survey editor's component tests (not part of the app).
import { editorRoutes } from '@/features/checks/editor/testing';
import type { Survey, SurveyCategory, SurveyLink, SurveySummary } from './types';

export { editorRoutes };

const npsCategory: SurveyCategory = {
  categoryId: 0,
  categoryType: 'NPS',
  categoryName: 'おすすめ度',
  questionList: [
    { questionId: 0, questionType: 'NPS', text: 'この店舗を友人や知人にすすめる可能性はどのくらいありますか？', required: true, choiceList: [] },
  ],
};

const attributeCategory: SurveyCategory = {
  categoryId: 0,
  categoryType: 'ATTRIBUTE',
  categoryName: 'お客様情報',
  questionList: [
    { questionId: 0, questionType: 'SINGLE_CHOICE', text: '年代', required: false, choiceList: ['10代', '20代', '30代'] },
    { questionId: 0, questionType: 'SINGLE_CHOICE', text: '性別', required: false, choiceList: ['男性', '女性', '回答しない'] },
  ],
};

const mailCategory: SurveyCategory = {
  categoryId: 0,
  categoryType: 'MAIL',
  categoryName: 'メールアドレス',
  questionList: [{ questionId: 0, questionType: 'MAIL', text: 'メールアドレスをご入力ください。', required: false, choiceList: [] }],
};

export const defaultCategories: SurveyCategory[] = [npsCategory, attributeCategory, mailCategory];

export const surveyDefaults: Survey = {
  surveyId: 0,
  surveyName: '',
  surveyTitle: '',
  surveyDescription: '',
  termsOfService: '本アンケートへのご回答にあたり、以下の事項にご同意ください。',
  iconData: '',
  iconMediaType: '',
  rewardType: 'NONE',
  rewardImageData: '',
  rewardImageMediaType: '',
  rewardLinkName: '',
  rewardUrl: '',
  fromDate: '2026-06-01',
  toDate: null,
  answerLimit: 'ONCE',
  answerLimitDays: 0,
  answerLimitRange: 'FACILITY',
  availableImprovement: true,
  improvementReminderNotificationTime: '',
  improvementReminderDaysBefore: 0,
  targetFacilityList: [],
  categoryList: defaultCategories,
  version: 0,
};

/** A saved survey with ids, for 新宿 and 渋谷, with two further categories. */
export const visit: Survey = {
  ...surveyDefaults,
  surveyId: 7,
  surveyName: '来店アンケート',
  surveyTitle: 'ご来店ありがとうございます',
  fromDate: '2026-02-01',
  rewardType: 'LINK',
  rewardLinkName: 'クーポン',
  rewardUrl: 'https://example.com/coupon',
  targetFacilityList: [11, 12],
  categoryList: [
    { ...structuredClone(npsCategory), categoryId: 1 },
    { ...structuredClone(attributeCategory), categoryId: 2 },
    { ...structuredClone(mailCategory), categoryId: 3 },
    {
      categoryId: 4,
      categoryType: 'NORMAL',
      categoryName: '店舗について',
      questionList: [
        { questionId: 41, questionType: 'RATING', text: '清潔さ', required: true, choiceList: [] },
        { questionId: 42, questionType: 'FREE_TEXT', text: 'ご意見', required: false, choiceList: [] },
      ],
    },
    {
      categoryId: 5,
      categoryType: 'NORMAL',
      categoryName: 'メニュー',
      questionList: [
        { questionId: 51, questionType: 'MULTIPLE_CHOICE', text: 'ご注文', required: false, choiceList: ['コーヒー', 'ケーキ'] },
      ],
    },
  ],
  version: 3,
};

export const visitRow: SurveySummary = {
  surveyId: 7,
  surveyName: '来店アンケート',
  surveyTitle: 'ご来店ありがとうございます',
  fromDate: '2026-02-01',
  toDate: null,
  facilityCount: 2,
  answerCount: 360,
  version: 3,
};

export const links: SurveyLink[] = [
  { facilityId: 11, facilityName: '新宿駅前店', surveyKey: 'k'.repeat(32), url: `/home/a/${'k'.repeat(32)}` },
  { facilityId: 12, facilityName: '渋谷公園通り店', surveyKey: 'm'.repeat(32), url: `/home/a/${'m'.repeat(32)}` },
];

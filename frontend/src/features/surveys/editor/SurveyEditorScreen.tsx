import { getRouteApi } from '@tanstack/react-router';
import { Card, Col, Form, Input, Radio, Row, Typography } from 'antd';
import { DatePicker } from '@/shared/dates/pickers';
import { IntegerInput } from '@/shared/form/IntegerInput';
import { TargetFacilityField } from '@/features/checks/editor/TargetFacilityField';
import { dateFieldProps } from '@/features/masters/common/pickerFields';
import { useHasRole, useOrganizationId } from '@/features/masters/common/session';
import { EditorForm, EditorScreen } from '@/shared/editor/EditorScreen';
import { ImprovementCard } from '@/shared/editor/ImprovementCard';
import { useEditorForm } from '@/shared/editor/useEditorForm';
import { CategoryList } from './CategoryList';
import { ImageField } from './ImageField';
import { ANSWER_LIMIT_RANGES, ANSWER_LIMITS, questionCount, REWARD_TYPES } from './model';
import { useSurveyMutations } from './mutations';
import { surveyDefaultsQuery, surveyDetailQuery } from './queries';
import { formValuesOf, surveyFormSchema, type SurveyFormValues } from './schema';
import { SurveyLinks } from './SurveyLinks';
import type { Survey, SurveyCategory } from './types';

const editRoute = getRouteApi('/survey/$surveyId');

/** /survey/{id}: a new form per survey, so moving between surveys starts afresh. */
export function SurveyEditPage() {
  const { surveyId } = editRoute.useParams();
  return <SurveyEditorScreen key={surveyId} surveyId={surveyId} />;
}

/** /survey/add */
export function SurveyAddPage() {
  return <SurveyEditorScreen />;
}

/** The editor of one survey: a new one (from the server's defaults) or an existing one. */
export function SurveyEditorScreen({ surveyId }: { surveyId?: number }) {
  const organizationId = useOrganizationId();
  return (
    <EditorScreen
      id={surveyId}
      titles={{ add: 'アンケートの登録', edit: 'アンケートの編集' }}
      detailQuery={(id) => surveyDetailQuery(organizationId, id)}
      defaultsQuery={() => surveyDefaultsQuery(organizationId)}
    >
      {({ record, options, reload }) => (
        <SurveyForm survey={record} surveyId={surveyId} improvementAvailable={options.availableImprovement} reload={reload} />
      )}
    </EditorScreen>
  );
}

interface FormProps {
  survey: Survey;
  /** Undefined for a new survey (then `survey` holds the defaults). */
  surveyId: number | undefined;
  improvementAvailable: boolean;
  reload: () => Promise<Survey | undefined>;
}

function SurveyForm({ survey, surveyId, improvementAvailable, reload }: FormProps) {
  const canEdit = useHasRole('ROLE_SURVEY_REFERENCE');
  const { save, remove } = useSurveyMutations();
  const { form, formProps, rules, saving, otherErrors, editing, onCancel, onDelete } = useEditorForm({
    schema: surveyFormSchema,
    id: surveyId,
    list: 'Survey',
    save,
    remove,
    reload,
    valuesOf: (fresh: Survey) => formValuesOf(fresh, { withVersion: true }),
  });

  const categories = Form.useWatch('categoryList', form) as SurveyCategory[] | undefined;
  const rewardType = Form.useWatch('rewardType', form) as string | undefined;
  const answerLimit = Form.useWatch('answerLimit', form) as string | undefined;

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 12, md: 6 };
  const disabled = !canEdit;

  return (
    <EditorForm<SurveyFormValues>
      formProps={formProps}
      initialValues={formValuesOf(survey, { withVersion: editing })}
      canEdit={canEdit}
      editing={editing}
      otherErrors={otherErrors}
      editingNote="回答済みの質問を変更・削除しても、これまでの回答は集計結果に残ります。"
      saving={saving}
      onCancel={onCancel}
      onDelete={onDelete}
      deleteLabel={`${survey.surveyName}を削除`}
      deleteDescription="回答用リンクは使えなくなります。これまでの回答は集計結果に残ります。"
    >
      {surveyId !== undefined && <SurveyLinks surveyId={surveyId} />}
      <Card title="基本情報" size="small">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="surveyName" label="アンケート名" required rules={rules('surveyName')} tooltip="管理用の名前(お客様には表示されません)">
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="surveyTitle" label="タイトル" required rules={rules('surveyTitle')} tooltip="回答ページに表示されます">
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="surveyDescription" label="説明" rules={rules('surveyDescription')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="termsOfService" label="利用規約" rules={rules('termsOfService')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="iconData" label="アイコン画像" rules={rules('iconData')} extra="PNG、JPEG、GIF、WebP(500KBまで)">
              <ImageField mediaTypeName="iconMediaType" label="アイコン画像" disabled={disabled} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="期間と回答制限" size="small">
        <Row gutter={16}>
          <Col {...quarter}>
            <Form.Item name="fromDate" label="開始日" required rules={rules('fromDate')} {...dateFieldProps}>
              <DatePicker allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item name="toDate" label="終了日" rules={rules('toDate')} dependencies={['fromDate']} {...dateFieldProps}>
              <DatePicker placeholder="終了日なし" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="answerLimit" label="回答制限" required>
              <Radio.Group options={ANSWER_LIMITS.map(({ value, label }) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              name="answerLimitDays"
              label="回答制限日数"
              rules={rules('answerLimitDays')}
              dependencies={['answerLimit']}
              hidden={answerLimit !== 'DAYS'}
            >
              <IntegerInput min={1} max={365} suffix="日ごと" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="answerLimitRange"
          label="回答制限の範囲"
          required
          hidden={answerLimit === 'UNLIMITED'}
          extra="店舗ごと: 店舗ごとに制限します。アンケート全体: どの店舗でも合わせて制限します。"
        >
          <Radio.Group options={ANSWER_LIMIT_RANGES.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
      </Card>

      <Card title="特典" size="small">
        <Form.Item name="rewardType" label="特典の種類">
          <Radio.Group options={REWARD_TYPES.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          name="rewardImageData"
          label="特典画像"
          required
          rules={rules('rewardImageData')}
          dependencies={['rewardType']}
          hidden={rewardType !== 'IMAGE'}
        >
          <ImageField mediaTypeName="rewardImageMediaType" label="特典画像" disabled={disabled} />
        </Form.Item>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              name="rewardLinkName"
              label="リンク名"
              required
              rules={rules('rewardLinkName')}
              dependencies={['rewardType']}
              hidden={rewardType !== 'LINK'}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="rewardUrl"
              label="URL"
              required
              rules={rules('rewardUrl')}
              dependencies={['rewardType']}
              hidden={rewardType !== 'LINK'}
            >
              <Input autoComplete="off" inputMode="url" placeholder="https://" />
            </Form.Item>
          </Col>
        </Row>
        {rewardType === 'NONE' && <Typography.Text type="secondary">回答後の画面に特典は表示されません。</Typography.Text>}
      </Card>

      {(improvementAvailable || survey.availableImprovement) && <ImprovementCard rules={rules} disabled={disabled} />}

      <Card title="対象" size="small">
        <Form.Item name="targetFacilityList" label="対象店舗" rules={rules('targetFacilityList')} style={{ marginBottom: 0 }}>
          <TargetFacilityField disabled={disabled} />
        </Form.Item>
      </Card>

      <Card
        title="カテゴリと質問"
        size="small"
        extra={
          <Typography.Text type="secondary" aria-live="polite">
            {categories ? `${categories.length}カテゴリ・${questionCount(categories)}問` : ''}
          </Typography.Text>
        }
      >
        <CategoryList disabled={disabled} />
      </Card>

    </EditorForm>
  );
}

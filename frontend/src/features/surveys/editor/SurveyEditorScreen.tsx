import { dateFieldProps, timeFieldProps } from '@/features/masters/common/pickerFields';
import { FormLoading } from '@/features/masters/common/FormLoading';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import { useCallback } from 'react';
import { TargetFacilityField } from '@/features/checks/editor/TargetFacilityField';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useBackToList } from '@/features/masters/common/navigation';
import { useHasRole, useOrganizationId, useOrganizationOptions } from '@/features/masters/common/session';
import { useMasterForm } from '@/features/masters/common/useMasterForm';
import { surveyApi } from './api';
import { CategoryList } from './CategoryList';
import { ImageField } from './ImageField';
import { ANSWER_LIMIT_RANGES, ANSWER_LIMITS, questionCount, REWARD_TYPES } from './model';
import { surveyDefaultsQuery, surveyDetailQuery, surveyKeys } from './queries';
import { formValuesOf, surveyFormSchema, type SurveyFormOutput, type SurveyFormValues } from './schema';
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
  const editing = surveyId !== undefined;
  const detail = useQuery({ ...surveyDetailQuery(organizationId, surveyId ?? 0), enabled: editing });
  const defaults = useQuery({ ...surveyDefaultsQuery(organizationId), enabled: !editing });
  const options = useOrganizationOptions();
  const source = editing ? detail : defaults;
  const title = editing ? 'アンケートの編集' : 'アンケートの登録';

  const failed = [source, options].find((query) => query.isError);
  if (failed) return <FormLoading title={title} failed={failed} />;
  if (!source.data || !options.data) {
    return <FormLoading title={title} rows={10} />;
  }
  return (
    <MasterPage title={title}>
      <SurveyForm
        survey={source.data}
        surveyId={surveyId}
        improvementAvailable={options.data.availableImprovement}
        reload={async () => (await detail.refetch()).data}
      />
    </MasterPage>
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
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_SURVEY_REFERENCE');
  const queryClient = useQueryClient();
  const toasts = useMasterToasts();
  const backToList = useBackToList('Survey');
  const editing = surveyId !== undefined;

  const save = useCallback(
    ({ version, ...input }: SurveyFormOutput) =>
      surveyId === undefined || version === undefined
        ? surveyApi.create(input)
        : surveyApi.update(surveyId, { ...input, version }),
    [surveyId],
  );
  // Leave first: the form's own record must not be read again (after a delete it is gone).
  const afterChange = useCallback(async () => {
    await backToList();
    await queryClient.invalidateQueries({ queryKey: surveyKeys.all(organizationId) });
  }, [queryClient, organizationId, backToList]);

  const { form, formProps, rules, saving, otherErrors, clearChanged } = useMasterForm({
    schema: surveyFormSchema,
    save,
    onSaved: () => void afterChange(),
    reload: () =>
      void reload().then((fresh) => {
        if (!fresh) return;
        form.resetFields();
        form.setFieldsValue(formValuesOf(fresh, { withVersion: true }));
        clearChanged();
      }),
  });

  const categories = Form.useWatch('categoryList', form) as SurveyCategory[] | undefined;
  const rewardType = Form.useWatch('rewardType', form) as string | undefined;
  const answerLimit = Form.useWatch('answerLimit', form) as string | undefined;
  const improvementOn = Form.useWatch('availableImprovement', form) === true;

  const remove = async () => {
    if (surveyId === undefined) return;
    const outcome = await surveyApi.remove(surveyId);
    toasts.outcome(outcome);
    if (outcome.ok) {
      clearChanged();
      await afterChange();
    }
  };

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 12, md: 6 };
  const disabled = !canEdit;

  return (
    <Form<SurveyFormValues>
      {...formProps}
      initialValues={formValuesOf(survey, { withVersion: editing })}
      disabled={disabled}
      style={{ maxWidth: 1080 }}
    >
      <Flex vertical gap="middle">
        {otherErrors.length > 0 && <Alert type="error" showIcon title={otherErrors.join(' ')} />}
        {editing && (
          <Alert
            type="info"
            showIcon
            title="回答済みの質問を変更・削除しても、これまでの回答は集計結果に残ります。"
          />
        )}
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
                <DatePicker format="YYYY/MM/DD" allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item name="toDate" label="終了日" rules={rules('toDate')} dependencies={['fromDate']} {...dateFieldProps}>
                <DatePicker format="YYYY/MM/DD" placeholder="終了日なし" style={{ width: '100%' }} />
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
                <InputNumber<number> min={1} max={365} precision={0} suffix="日ごと" style={{ width: '100%' }} />
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

        {(improvementAvailable || survey.availableImprovement) && (
          <Card title="改善報告" size="small">
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item name="availableImprovement" label="改善報告" valuePropName="checked">
                  <Switch checkedChildren="利用する" unCheckedChildren="利用しない" />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item
                  name="improvementReminderNotificationTime"
                  label="改善リマインド通知時刻"
                  rules={rules('improvementReminderNotificationTime')}
                  {...timeFieldProps}
                >
                  <TimePicker
                    format="HH:mm"
                    needConfirm={false}
                    placeholder="通知しない"
                    disabled={disabled || !improvementOn}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item
                  name="improvementReminderDaysBefore"
                  label="改善リマインド日数"
                  rules={rules('improvementReminderDaysBefore')}
                >
                  <InputNumber<number>
                    min={0}
                    max={31}
                    precision={0}
                    suffix="日前"
                    disabled={disabled || !improvementOn}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        )}

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

        {surveyId !== undefined && <SurveyLinks surveyId={surveyId} />}

        <Flex gap="small" wrap justify="space-between">
          <Flex gap="small" wrap>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            )}
            <Button
              disabled={false}
              onClick={() => {
                void backToList();
              }}
            >
              {canEdit ? 'キャンセル' : '一覧に戻る'}
            </Button>
          </Flex>
          {canEdit && editing && (
            <DeleteButton
              text="削除"
              label={`${survey.surveyName}を削除`}
              description="回答用リンクは使えなくなります。これまでの回答は集計結果に残ります。"
              onConfirm={remove}
            />
          )}
        </Flex>
      </Flex>
    </Form>
  );
}

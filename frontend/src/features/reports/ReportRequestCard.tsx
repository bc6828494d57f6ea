import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Radio, Select, Typography } from 'antd';
import { TargetFacilityField } from '@/features/checks/editor/TargetFacilityField';
import { useOrganizationOptions } from '@/features/masters/common/session';
import { useMasterForm } from '@/features/masters/common/useMasterForm';
import { RangePicker } from '@/shared/dates/pickers';
import { FilterControl } from '@/shared/form/FilterControl';
import { CheckListFilter, SurveyFilter } from '@/shared/list/filters';
import { useReportMutations } from './mutations';
import {
  PHOTO_COMPARE_LABELS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  reportBody,
  reportFormDefaults,
  reportFormSchema,
  type ReportFormValues,
} from './schema';
import type { PhotoCompare } from './types';

/** The server names the period's ends; the form shows both under the one range field. */
const PERIOD_ALIASES = { fromDate: 'period', toDate: 'period' };

/**
 * Asking for a report: the type, the check list, the period (this month by default), the stores
 * (by group, tag or one by one, as a check list's targets are chosen) and what to include. The
 * PDF is made in the background; the list below shows it as it is made.
 */
export function ReportRequestCard() {
  const { request } = useReportMutations();
  const options = useOrganizationOptions();
  const { form, formProps, rules, saving, otherErrors } = useMasterForm({
    schema: reportFormSchema,
    save: (values) => request.mutateAsync(reportBody(values)),
    onSaved: () => undefined,
    aliases: PERIOD_ALIASES,
  });
  // Undefined until the form has mounted with its initial values.
  const type = (Form.useWatch('reportType', form) as ReportFormValues['reportType'] | undefined) ?? 'BASIC';
  const offered: Record<ReportFormValues['reportType'], boolean> = {
    BASIC: true,
    ADVANCED: options.data?.availableAdvancedReport === true,
    IMPROVEMENT: options.data?.availableImprovement === true,
    SURVEY: options.data?.availableSurvey === true,
  };
  const types = REPORT_TYPES.filter((t) => offered[t]);
  const basic = type === 'BASIC';
  return (
    <Card title="レポートの作成" size="small" style={{ marginBottom: 16 }}>
      {otherErrors.length > 0 && <Typography.Paragraph type="danger">{otherErrors.join(' ')}</Typography.Paragraph>}
      <Form<ReportFormValues> {...formProps} initialValues={reportFormDefaults()} aria-label="レポートの作成">
        <Flex wrap gap="small" align="flex-start">
          <Form.Item name="reportType" label="レポートの種類" required style={{ flex: '1 1 100%' }}>
            <Radio.Group optionType="button" options={types.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))} />
          </Form.Item>
          {type === 'SURVEY' ? (
            <Form.Item name="surveyId" label="アンケート" required rules={rules('surveyId')} style={{ flex: '1 1 220px', maxWidth: 320 }}>
              <FilterControl render={(p) => <SurveyFilter {...p} label="アンケート" placeholder="アンケートを選択" />} />
            </Form.Item>
          ) : type === 'BASIC' || type === 'ADVANCED' ? (
            <Form.Item name="checkListMasterId" label="チェックリスト" required rules={rules('checkListMasterId')} style={{ flex: '1 1 220px', maxWidth: 320 }}>
              <FilterControl render={(p) => <CheckListFilter {...p} label="チェックリスト" placeholder="チェックリストを選択" />} />
            </Form.Item>
          ) : null}
          {type === 'ADVANCED' && (
            <Form.Item name="groupingType" label="集計単位" style={{ flex: '0 1 auto' }}>
              <Radio.Group
                options={[
                  { value: 'GROUP', label: 'グループ' },
                  { value: 'FACILITY_ATTRIBUTE', label: '店舗タグ' },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="period" label="期間" required rules={rules('period')} style={{ flex: '1 1 260px', maxWidth: 320 }}>
            <RangePicker aria-label="期間" allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="facilityIdList" label="対象店舗" required rules={rules('facilityIdList')}>
          <TargetFacilityField />
        </Form.Item>
        <Flex wrap gap="middle" align="center">
          {basic && (
            <>
              <Form.Item name="photoCompareReportType" label="写真比較" style={{ marginBottom: 0, minWidth: 220 }}>
                <Select<PhotoCompare>
                  aria-label="写真比較"
                  options={(Object.keys(PHOTO_COMPARE_LABELS) as PhotoCompare[]).map((k) => ({ value: k, label: PHOTO_COMPARE_LABELS[k] }))}
                />
              </Form.Item>
              <Form.Item name="includeRank" valuePropName="checked" noStyle>
                <Checkbox>ランクを表示</Checkbox>
              </Form.Item>
              <Form.Item name="includeCriteria" valuePropName="checked" noStyle>
                <Checkbox>項目の基準を載せる</Checkbox>
              </Form.Item>
              <Form.Item name="includeUnselectedFacility" valuePropName="checked" noStyle>
                <Checkbox>全店舗の平均と順位</Checkbox>
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" icon={<FilePdfOutlined />} loading={saving} style={{ marginLeft: 'auto' }}>
            レポートを作成
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

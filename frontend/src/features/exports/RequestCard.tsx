import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { RangePicker } from '@/shared/dates/pickers';
import { FilterControl, type FilterControlProps } from '@/shared/form/FilterControl';
import { useOrganizationOptions } from '@/features/masters/common/session';
import { useMasterForm } from '@/features/masters/common/useMasterForm';
import { CheckListFilter, FacilityTagFilter, GroupFilter, SurveyFilter } from '@/shared/list/filters';
import { useExportMutations } from './mutations';
import {
  exportBody,
  exportFormDefaults,
  exportFormSchema,
  HISTORY_TYPE_LABELS,
  HISTORY_TYPES,
  type ExportFormValues,
} from './schema';

/** The server names the period's ends; the form shows both under the one range field. */
const PERIOD_ALIASES = { historyDateFrom: 'period', historyDateTo: 'period' };

/**
 * Asking for an export: the history type, the period (this month by default), the format, and
 * the filters and options that apply to the type. Mail addresses are offered only to users the
 * server allows (mailAllowed, from the file list). The file is made in the background; the list
 * below shows it as it is made.
 */
export function RequestCard({ mailAllowed }: { mailAllowed: boolean }) {
  const { request } = useExportMutations();
  const options = useOrganizationOptions();
  const { form, formProps, saving, otherErrors } = useMasterForm({
    schema: exportFormSchema,
    save: (values) => request.mutateAsync(exportBody(values)),
    onSaved: () => undefined,
    aliases: PERIOD_ALIASES,
  });
  // Undefined until the form has mounted with its initial values.
  const type = (Form.useWatch('historyType', form) as ExportFormValues['historyType'] | undefined) ?? 'CHECK_RESULT';
  const fileType = (Form.useWatch('historyFileType', form) as ExportFormValues['historyFileType'] | undefined) ?? 'XLSX';
  const types = HISTORY_TYPES.filter(
    (t) => (t !== 'OPERATION' || options.data?.availableOpeHistoryExport === true) && (t !== 'SURVEY_ANSWER' || options.data?.availableSurvey === true),
  );

  return (
    <Card title="エクスポートの依頼" size="small" style={{ marginBottom: 16 }}>
      {otherErrors.length > 0 && <Typography.Paragraph type="danger">{otherErrors.join(' ')}</Typography.Paragraph>}
      <Form<ExportFormValues> {...formProps} initialValues={exportFormDefaults()} aria-label="エクスポートの依頼">
        <Flex wrap gap="small" align="flex-start">
          <Form.Item name="historyType" label="履歴の種類" required style={{ flex: '1 1 100%' }}>
            <Radio.Group optionType="button" options={types.map((t) => ({ value: t, label: HISTORY_TYPE_LABELS[t] }))} />
          </Form.Item>
          <Form.Item name="period" label="期間" required style={{ flex: '1 1 260px', maxWidth: 320 }}>
            <RangePicker aria-label="期間" allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="historyFileType" label="ファイル形式" style={{ flex: '0 1 auto' }}>
            <Radio.Group options={[{ value: 'XLSX', label: 'Excel (XLSX)' }, { value: 'CSV', label: 'CSV' }]} />
          </Form.Item>
          {fileType === 'CSV' && (
            <Form.Item name="encoding" label="文字コード" style={{ flex: '0 1 auto' }}>
              <Radio.Group
                options={[
                  { value: 'UTF8', label: 'UTF-8 (BOM付き)' },
                  { value: 'SHIFT_JIS', label: 'Shift_JIS' },
                ]}
              />
            </Form.Item>
          )}
        </Flex>
        {type !== 'OPERATION' && (
          <Flex wrap gap="small">
            {type === 'SURVEY_ANSWER' && (
              <FilterItem name="surveyId" label="アンケート" required>
                {(p) => <SurveyFilter {...p} label="アンケート" placeholder="アンケートを選択" />}
              </FilterItem>
            )}
            {type === 'CHECK_RESULT' && (
              <FilterItem name="checkListMasterId" label="チェックリスト">
                {(p) => <CheckListFilter {...p} label="チェックリスト" placeholder="すべて" />}
              </FilterItem>
            )}
            <FilterItem name="groupId" label="グループ">
              {(p) => <GroupFilter {...p} placeholder="すべて" />}
            </FilterItem>
            <FilterItem name="facilityAttributeId" label="店舗タグ">
              {(p) => <FacilityTagFilter {...p} placeholder="すべて" />}
            </FilterItem>
          </Flex>
        )}
        <Flex wrap gap="middle" align="center">
          {type === 'CHECK_RESULT' && (
            <>
              <Form.Item name="includePhoto" valuePropName="checked" noStyle>
                <Checkbox>写真を含める(ZIP)</Checkbox>
              </Form.Item>
              <Form.Item name="onlyLatestHistory" valuePropName="checked" noStyle>
                <Checkbox>最新の履歴のみ</Checkbox>
              </Form.Item>
            </>
          )}
          {type === 'SURVEY_ANSWER' && mailAllowed && (
            <Form.Item name="includeMailAddress" valuePropName="checked" noStyle>
              <Checkbox>メールアドレスを含める</Checkbox>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={saving} style={{ marginLeft: 'auto' }}>
            エクスポート
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A list filter as a form field: the form keeps null for "all", the filter undefined. */
function FilterItem({
  name,
  label,
  required = false,
  children,
}: {
  name: keyof ExportFormValues;
  label: string;
  required?: boolean;
  children: (props: FilterControlProps) => ReactNode;
}) {
  return (
    <Form.Item name={name} label={label} required={required} style={{ flex: '1 1 180px', maxWidth: 260, marginBottom: 12 }}>
      <FilterControl render={children} />
    </Form.Item>
  );
}

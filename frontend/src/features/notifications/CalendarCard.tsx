import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useToasts } from '@/app/feedback/useToasts';
import { targetFacilitiesQuery } from '@/features/checks/editor/queries';
import { dateFieldProps } from '@/features/masters/common/pickerFields';
import { DatePicker } from '@/shared/dates/pickers';
import { QueryError } from '@/shared/feedback/QueryError';
import { IntegerInput } from '@/shared/form/IntegerInput';
import { notificationCalendarQuery, notificationKeys, saveCalendar, type NotificationCalendar } from './api';
import {
  calendarOf,
  dateRowProblem,
  storeRowDayProblem,
  storeRowStoreProblem,
  valuesOf,
  WEEKDAY_LABELS,
  type CalendarValues,
  type DateRow,
  type StoreRow,
} from './calendarForm';

const WEEKDAY_OPTIONS = WEEKDAY_LABELS.map((label, value) => ({ value, label: `${label}曜日` }));

type RowRule = (form: { getFieldValue: (name: (string | number)[]) => unknown }) => { validator: () => Promise<void> };

/** A rule checking a whole row (`list`, `index`) with `problem`: its message shows under the row. */
function rowRule<Row>(list: 'dates' | 'stores', index: number, problem: (row: Partial<Row> | undefined) => string | undefined): RowRule {
  return ({ getFieldValue }) => ({
    validator: () => {
      const message = problem(getFieldValue([list, index]) as Partial<Row> | undefined);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

/**
 * 休業日と通知 on the organization screen: the days the organization (or one store) does not
 * work — reminders falling on them move as each check list says, and "days before" may count
 * business days — and how many days after the due date an open improvement report escalates.
 */
export function CalendarCard({ organizationId, canEdit }: { organizationId: number; canEdit: boolean }) {
  const calendar = useQuery(notificationCalendarQuery(organizationId));
  return (
    <Card size="small" title={<span role="heading" aria-level={3}>休業日と通知</span>} style={{ marginBottom: 16 }}>
      {calendar.isError ? (
        <QueryError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : calendar.data ? (
        <CalendarForm key={calendar.data.version} organizationId={organizationId} calendar={calendar.data} canEdit={canEdit} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      )}
    </Card>
  );
}

function CalendarForm({ organizationId, calendar, canEdit }: { organizationId: number; calendar: NotificationCalendar; canEdit: boolean }) {
  const [form] = Form.useForm<CalendarValues>();
  const client = useQueryClient();
  const toasts = useToasts();
  const [problem, setProblem] = useState<string | null>(null);
  const stores = useQuery(targetFacilitiesQuery(organizationId));
  const save = useMutation({
    mutationFn: (values: CalendarValues) => saveCalendar(calendarOf(values, calendar.version)),
    onSuccess: (outcome) => {
      toasts.outcome(outcome);
      if (outcome.ok) {
        setProblem(null);
        void client.invalidateQueries({ queryKey: notificationKeys.calendar(organizationId) });
      } else {
        const fields = outcome.failure.fieldErrors ?? {};
        setProblem(Object.values(fields).join(' ') || outcome.toast.text);
      }
    },
  });
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.facilityId, label: s.facilityName }));
  return (
    <Form<CalendarValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(calendar)}
      disabled={!canEdit}
      onFinish={(values) => {
        save.mutate(values);
      }}
    >
      <Typography.Paragraph type="secondary">
        祝日と下の休業日にあたるリマインドは、チェックリストの設定に従って前後の営業日に移るか送られません。
      </Typography.Paragraph>
      <Form.Item name="weekdays" label="毎週の休業日（組織全体）">
        <Checkbox.Group options={WEEKDAY_OPTIONS} />
      </Form.Item>
      <Typography.Text strong>休業日（日付）</Typography.Text>
      <Form.List name="dates">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8} style={{ margin: '8px 0 16px' }}>
            {rows.map((row) => (
              // The row's message (a name without its date) shows under it; saving waits for it.
              <Form.Item key={row.key} style={{ marginBottom: 0 }}>
                <Flex gap={8} wrap align="start">
                  <Form.Item
                    name={[row.name, 'date']}
                    noStyle
                    {...dateFieldProps}
                    dependencies={[['dates', row.name, 'label']]}
                    rules={[rowRule<DateRow>('dates', row.name, dateRowProblem)]}
                  >
                    <DatePicker aria-label="休業日" />
                  </Form.Item>
                  <Form.Item name={[row.name, 'label']} noStyle>
                    <Input aria-label="休業日の名称" placeholder="名称（例: 年末年始）" maxLength={50} style={{ width: 200 }} />
                  </Form.Item>
                  <Button aria-label="この休業日を削除" icon={<DeleteOutlined />} onClick={() => { remove(row.name); }} />
                </Flex>
              </Form.Item>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => { add({ date: '', label: '' }); }} style={{ alignSelf: 'start' }}>
              日付を追加
            </Button>
          </Flex>
        )}
      </Form.List>
      <Typography.Text strong>店舗ごとの休業日</Typography.Text>
      <Form.List name="stores">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8} style={{ margin: '8px 0 16px' }}>
            {rows.map((row) => (
              // The row's messages (no store; neither or both of weekday and date) show under it.
              <Form.Item key={row.key} style={{ marginBottom: 0 }}>
                <Flex gap={8} wrap align="start">
                  <Form.Item
                    name={[row.name, 'facilityId']}
                    noStyle
                    dependencies={[['stores', row.name, 'weekday'], ['stores', row.name, 'date'], ['stores', row.name, 'label']]}
                    rules={[rowRule<StoreRow>('stores', row.name, storeRowStoreProblem)]}
                  >
                    <Select
                      aria-label="店舗"
                      placeholder="店舗"
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={stores.isLoading}
                      options={storeOptions}
                      style={{ width: 200 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'weekday']}
                    noStyle
                    dependencies={[['stores', row.name, 'date'], ['stores', row.name, 'label'], ['stores', row.name, 'facilityId']]}
                    rules={[rowRule<StoreRow>('stores', row.name, storeRowDayProblem)]}
                  >
                    <Select aria-label="毎週の曜日" placeholder="毎週の曜日" allowClear options={WEEKDAY_OPTIONS} style={{ width: 130 }} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'date']} noStyle {...dateFieldProps}>
                    <DatePicker aria-label="日付" placeholder="または日付" />
                  </Form.Item>
                  <Form.Item name={[row.name, 'label']} noStyle>
                    <Input aria-label="店舗の休業日の名称" placeholder="名称（例: 定休日）" maxLength={50} style={{ width: 160 }} />
                  </Form.Item>
                  <Button aria-label="この店舗の休業日を削除" icon={<DeleteOutlined />} onClick={() => { remove(row.name); }} />
                </Flex>
              </Form.Item>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => { add({ facilityId: undefined, weekday: undefined, date: '', label: '' }); }}
              style={{ alignSelf: 'start' }}
            >
              店舗の休業日を追加
            </Button>
          </Flex>
        )}
      </Form.List>
      <Form.Item
        name="escalationDays"
        label="改善報告のエスカレーション"
        tooltip="期限を過ぎた改善報告を、この日数ごとに店舗のグループ、その上のグループの担当者へ知らせます（0で知らせない）"
      >
        <IntegerInput min={0} max={90} suffix="日ごと" style={{ width: 160 }} />
      </Form.Item>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          休業日と通知を保存
        </Button>
      )}
    </Form>
  );
}

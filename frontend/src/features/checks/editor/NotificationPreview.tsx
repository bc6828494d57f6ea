import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Form, List, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useOrganizationId } from '@/features/masters/common/session';
import { isRefusedInput } from '@/lib/api/send';
import { dayjs } from '@/lib/time/dayjs';
import { CLOCK_TIME } from '@/lib/validation/checks';
import { DATE_FORMAT } from '@/shared/dates/format';
import { previewNotifications, type NotificationPreviewInput } from './api';
import { DATE, type CheckListFormValues } from './schema';

/** How long the preview waits after the last keystroke before it asks again. */
const SETTLE_MS = 400;

/** The preview's input from the form, or null while the dates or times cannot be read. */
function previewInput(values: Partial<CheckListFormValues> | undefined): NotificationPreviewInput | null {
  if (!values) return null;
  const { fromDate, toDate, nextInterval, nextDuration } = values;
  const start = values.startNotificationTime ?? '';
  const reminder = values.reminderNotificationTime ?? '';
  if (!fromDate || !toDate || !DATE.test(fromDate) || !DATE.test(toDate) || toDate < fromDate) return null;
  if ((start && !CLOCK_TIME.test(start)) || (reminder && !CLOCK_TIME.test(reminder))) return null;
  if (!start && !reminder) return null;
  return {
    fromDate,
    toDate,
    nextInterval: nextInterval ?? 1,
    nextDuration: nextDuration ?? 'MONTHS',
    startNotificationTime: start,
    reminderNotificationTime: reminder,
    reminderDaysBefore: values.reminderDaysBefore ?? 0,
    closingDayRule: values.closingDayRule ?? 'BEFORE',
    businessDays: values.businessDays ?? false,
  };
}

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(JSON.parse(key) as T);
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key]);
  return settled;
}

/**
 * The check list's next notices (period start and reminder) with their dates, as the form stands:
 * national holidays and the organization's closing days move or skip the reminder as chosen.
 */
export function NotificationPreview() {
  const form = Form.useFormInstance<CheckListFormValues>();
  const values = Form.useWatch([], form) as Partial<CheckListFormValues> | undefined;
  const input = useSettled(previewInput(values));
  const organizationId = useOrganizationId();
  const preview = useQuery({
    queryKey: ['checks', organizationId, 'notificationPreview', input],
    queryFn: () => previewNotifications(input as NotificationPreviewInput),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  if (input === null) {
    return <Typography.Text type="secondary">通知時刻を入れると、次の通知の日時がここに出ます。</Typography.Text>;
  }
  // Refused input (an interval or days-before saving would refuse too): the form's own field
  // messages say what to fix, so the preview only waits for it.
  if (isRefusedInput(preview.error)) {
    return <Typography.Text type="secondary">入力内容を直すと、次の通知の日時がここに出ます。</Typography.Text>;
  }
  if (preview.isError) return <Alert type="warning" showIcon title="次の通知の日時を計算できませんでした。" />;
  if (!preview.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  return (
    <section aria-label="次の通知">
    <List
      size="small"
      header={<Typography.Text strong>次の通知（祝日・休業日を反映）</Typography.Text>}
      locale={{ emptyText: '予定されている通知はありません。' }}
      dataSource={preview.data}
      renderItem={(notice) => (
        <List.Item>
          <Typography.Text>
            <Tag color={notice.kind === 'CHECK_START' ? 'blue' : 'orange'}>{notice.label}</Tag>
            {dayjs(notice.date).tz().format(`${DATE_FORMAT}(dd) HH:mm`)}
          </Typography.Text>
          <Typography.Text type="secondary">
            期間 {dayjs(notice.fromDate).format('M/D')}〜{dayjs(notice.toDate).format('M/D')}
          </Typography.Text>
        </List.Item>
      )}
    />
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Spin, Switch, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { clearAllErrors, clearStaleErrors } from '@/features/masters/common/serverErrors';
import { DatePicker, RangePicker } from '@/shared/dates/pickers';
import { dateTime } from '@/shared/files/format';
import { dayjs } from '@/lib/time/dayjs';
import { maintenanceSettingsQuery, saveMaintenance, type MaintenanceSettings } from './api';

interface Values {
  message: string;
  announceFrom: Dayjs | null;
  window: [Dayjs | null, Dayjs | null] | null;
  switchedOn: boolean;
}

const valuesOf = (s: MaintenanceSettings): Values => ({
  message: s.message,
  announceFrom: s.announceFrom ? dayjs(s.announceFrom).tz() : null,
  window: s.startDate ? [dayjs(s.startDate).tz(), s.endDate ? dayjs(s.endDate).tz() : null] : null,
  switchedOn: s.switchedOn,
});

/** The server names the window's ends; the form shows both under one field. */
const FIELD_OF: Record<string, keyof Values> = { startDate: 'window', endDate: 'window', announceFrom: 'announceFrom', message: 'message' };

/**
 * /system/maintenance/ (ROLE_SYSTEM_ADMIN): the announcement every signed-in user sees from a
 * chosen time, the scheduled window, and the switch that puts the console under maintenance at
 * once. During maintenance other users get the maintenance page (and the API a 503); system
 * administrators keep working.
 */
export function MaintenanceScreen() {
  const settings = useQuery(maintenanceSettingsQuery);
  return (
    <MasterPage title="メンテナンス">
      {settings.data ? <MaintenanceForm settings={settings.data} /> : <Spin aria-label="読み込み中" />}
      {settings.isError && <Alert type="error" title={settings.error.message} />}
    </MasterPage>
  );
}

function MaintenanceForm({ settings }: { settings: MaintenanceSettings }) {
  const [form] = Form.useForm<Values>();
  const [otherError, setOtherError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const toasts = useMasterToasts();
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveMaintenance({
        message: v.message,
        switchedOn: v.switchedOn,
        ...(v.announceFrom ? { announceFrom: v.announceFrom.toISOString() } : {}),
        ...(v.window?.[0] ? { startDate: v.window[0].toISOString() } : {}),
        ...(v.window?.[1] ? { endDate: v.window[1].toISOString() } : {}),
      }),
  });
  const submit = async (v: Values) => {
    setOtherError(null);
    const outcome = await save.mutateAsync(v);
    toasts.outcome(outcome);
    if (outcome.ok) {
      clearAllErrors(form);
      await queryClient.invalidateQueries({ queryKey: ['maintenance'] });
      return;
    }
    const fields = outcome.failure.fieldErrors ?? {};
    form.setFields(
      Object.entries(fields).flatMap(([name, message]) => {
        const field = FIELD_OF[name];
        return field ? [{ name: field, errors: [message] }] : [];
      }),
    );
    const rest = Object.entries(fields).filter(([name]) => !(name in FIELD_OF));
    if (rest.length > 0 || Object.keys(fields).length === 0) setOtherError(rest.map(([, m]) => m).join(' ') || null);
  };
  return (
    <Card size="small">
      <Flex gap="small" wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text>現在の状態：</Typography.Text>
        {settings.active ? <Tag color="error">メンテナンス中</Tag> : settings.startDate ? <Tag color="warning">予定あり</Tag> : <Tag>なし</Tag>}
        {settings.updatedBy && (
          <Typography.Text type="secondary">
            最終更新 {settings.updatedAt ? dateTime(settings.updatedAt) : ''}・{settings.updatedBy}
          </Typography.Text>
        )}
      </Flex>
      {otherError && <Alert type="error" showIcon title={otherError} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(settings)}
        // The fields have no rules of their own: the server's messages go when their field changes.
        onValuesChange={(changed) => {
          clearStaleErrors(form, changed);
        }}
        onFinish={(v) => void submit(v)}
        aria-label="メンテナンスの設定"
      >
        <Form.Item name="message" label="お知らせの文面" extra="バナーとメンテナンス画面に表示します。">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Flex wrap gap="middle">
          <Form.Item name="announceFrom" label="お知らせの表示開始" extra="空欄はメンテナンスの開始から表示します。">
            <DatePicker showTime={{ format: 'HH:mm' }} aria-label="お知らせの表示開始" />
          </Form.Item>
          <Form.Item name="window" label="メンテナンスの期間" extra="終了を空欄にすると、止めるまで続きます。">
            <RangePicker
              showTime={{ format: 'HH:mm' }}
              allowEmpty={[true, true]}
              aria-label="メンテナンスの期間"
            />
          </Form.Item>
        </Flex>
        <Form.Item name="switchedOn" label="今すぐメンテナンス中にする" valuePropName="checked" extra="オンの間は、システム管理者以外は利用できません。">
          <Switch aria-label="今すぐメンテナンス中にする" checkedChildren="オン" unCheckedChildren="オフ" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}

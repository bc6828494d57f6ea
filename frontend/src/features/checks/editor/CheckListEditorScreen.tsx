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
  Row,
  Select,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import { useCallback } from 'react';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useBackToList } from '@/features/masters/common/navigation';
import { useHasRole, useOrganizationId, useOrganizationOptions } from '@/features/masters/common/session';
import { useMasterForm } from '@/features/masters/common/useMasterForm';
import { checkListApi } from './api';
import { CategoryList } from './CategoryList';
import { DURATIONS, itemCount } from './model';
import { checkListDefaultsQuery, checkListDetailQuery, checkListKeys } from './queries';
import { checkListFormSchema, formValuesOf, type CheckListFormOutput, type CheckListFormValues } from './schema';
import { TargetFacilityField } from './TargetFacilityField';
import { TargetUserField } from './TargetUserField';
import type { CheckCategory, CheckListMaster } from './types';

const editRoute = getRouteApi('/check_list_master/$checkListMasterId');

/** /check_list_master/{id}: a new form per check list, so moving between lists starts afresh. */
export function CheckListEditPage() {
  const { checkListMasterId } = editRoute.useParams();
  return <CheckListEditorScreen key={checkListMasterId} checkListMasterId={checkListMasterId} />;
}

/** /check_list_master/add */
export function CheckListAddPage() {
  return <CheckListEditorScreen />;
}

/** The editor of one check list: a new one (from the server's defaults) or an existing one. */
export function CheckListEditorScreen({ checkListMasterId }: { checkListMasterId?: number }) {
  const organizationId = useOrganizationId();
  const editing = checkListMasterId !== undefined;
  const detail = useQuery({ ...checkListDetailQuery(organizationId, checkListMasterId ?? 0), enabled: editing });
  const defaults = useQuery({ ...checkListDefaultsQuery(organizationId), enabled: !editing });
  const options = useOrganizationOptions();
  const source = editing ? detail : defaults;
  const title = editing ? 'チェックリストの編集' : 'チェックリストの登録';

  const failed = [source, options].find((query) => query.isError);
  if (failed) return <FormLoading title={title} failed={failed} />;
  if (!source.data || !options.data) {
    return <FormLoading title={title} rows={10} />;
  }
  return (
    <MasterPage title={title}>
      <CheckListForm
        master={source.data}
        checkListMasterId={checkListMasterId}
        improvementAvailable={options.data.availableImprovement}
        reload={async () => (await detail.refetch()).data}
      />
    </MasterPage>
  );
}

interface FormProps {
  master: CheckListMaster;
  /** Undefined for a new check list (then `master` holds the defaults). */
  checkListMasterId: number | undefined;
  improvementAvailable: boolean;
  reload: () => Promise<CheckListMaster | undefined>;
}

function CheckListForm({ master, checkListMasterId, improvementAvailable, reload }: FormProps) {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_CHECK_ITEM_EDIT');
  const queryClient = useQueryClient();
  const toasts = useMasterToasts();
  const backToList = useBackToList('CheckListMaster');
  const editing = checkListMasterId !== undefined;

  const save = useCallback(
    ({ version, ...input }: CheckListFormOutput) =>
      checkListMasterId === undefined || version === undefined
        ? checkListApi.create(input)
        : checkListApi.update(checkListMasterId, { ...input, version }),
    [checkListMasterId],
  );
  // Leave first: the form's own record must not be read again (after a delete it is gone).
  const afterChange = useCallback(async () => {
    await backToList();
    await queryClient.invalidateQueries({ queryKey: checkListKeys.all(organizationId) });
  }, [queryClient, organizationId, backToList]);

  const { form, formProps, rules, saving, otherErrors, clearChanged } = useMasterForm({
    schema: checkListFormSchema,
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

  const categories = Form.useWatch('categoryList', form) as CheckCategory[] | undefined;
  const improvementOn = Form.useWatch('availableImprovement', form) === true;

  const remove = async () => {
    if (checkListMasterId === undefined) return;
    const outcome = await checkListApi.remove(checkListMasterId);
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
    <Form<CheckListFormValues>
      {...formProps}
      initialValues={formValuesOf(master, { withVersion: editing })}
      disabled={disabled}
      style={{ maxWidth: 1080 }}
    >
      <Flex vertical gap="middle">
        {otherErrors.length > 0 && <Alert type="error" showIcon title={otherErrors.join(' ')} />}
        {editing && (
          <Alert
            type="info"
            showIcon
            title="回答済みの項目を変更・削除しても、これまでの回答はそのときの質問と選択肢のまま残ります。"
          />
        )}
        <Card title="基本情報" size="small">
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item
                name="checkListMasterName"
                label="チェックリスト名"
                required
                rules={rules('checkListMasterName')}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item name="fromDate" label="開始日" required rules={rules('fromDate')} {...dateFieldProps}>
                <DatePicker format="YYYY/MM/DD" allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item
                name="toDate"
                label="終了日"
                required
                rules={rules('toDate')}
                dependencies={['fromDate']}
                {...dateFieldProps}
              >
                <DatePicker format="YYYY/MM/DD" allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item name="nextInterval" label="繰り返し間隔" required rules={rules('nextInterval')}>
                <InputNumber<number> min={1} max={365} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item name="nextDuration" label="繰り返しの単位" required rules={rules('nextDuration')}>
                <Select options={DURATIONS.map(({ value, label }) => ({ value, label: `${label}ごと` }))} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text type="secondary">
            最初の期間が終わると、翌日から同じ間隔で次の期間が始まります。
          </Typography.Text>
        </Card>

        <Card title="通知" size="small">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="startNotificationTime" label="開始通知時刻" rules={rules('startNotificationTime')} {...timeFieldProps}>
                <TimePicker format="HH:mm" needConfirm={false} placeholder="通知しない" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item
                name="reminderNotificationTime"
                label="リマインド通知時刻"
                rules={rules('reminderNotificationTime')}
                {...timeFieldProps}
              >
                <TimePicker format="HH:mm" needConfirm={false} placeholder="通知しない" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...quarter}>
              <Form.Item
                name="reminderDaysBefore"
                label="リマインド日数"
                tooltip="期間の終了日の何日前にリマインドするか"
                rules={rules('reminderDaysBefore')}
              >
                <InputNumber<number> min={0} max={31} precision={0} suffix="日前" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        {(improvementAvailable || master.availableImprovement) && (
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
          <Form.Item name="targetFacilityList" label="対象店舗" rules={rules('targetFacilityList')}>
            <TargetFacilityField disabled={disabled} />
          </Form.Item>
          <Form.Item name="targetUserList" label="対象ユーザー" rules={rules('targetUserList')} style={{ marginBottom: 0 }}>
            <TargetUserField disabled={disabled} />
          </Form.Item>
        </Card>

        <Card
          title="カテゴリと項目"
          size="small"
          extra={
            <Typography.Text type="secondary" aria-live="polite">
              {categories ? `${categories.length}カテゴリ・${itemCount(categories)}項目` : ''}
            </Typography.Text>
          }
        >
          <CategoryList disabled={disabled} />
        </Card>

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
              label={`${master.checkListMasterName}を削除`}
              description="これまでの回答は履歴として残ります。"
              onConfirm={remove}
            />
          )}
        </Flex>
      </Flex>
    </Form>
  );
}

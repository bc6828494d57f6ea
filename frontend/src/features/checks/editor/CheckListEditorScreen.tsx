import { getRouteApi } from '@tanstack/react-router';
import { Card, Col, Form, Input, Row, Select, Switch, TimePicker, Typography } from 'antd';
import { DatePicker } from '@/shared/dates/pickers';
import { IntegerInput } from '@/shared/form/IntegerInput';
import { dateFieldProps, timeFieldProps } from '@/features/masters/common/pickerFields';
import { useHasRole, useOrganizationId } from '@/features/masters/common/session';
import { EditorForm, EditorScreen } from '@/shared/editor/EditorScreen';
import { ImprovementCard } from '@/shared/editor/ImprovementCard';
import { useEditorForm } from '@/shared/editor/useEditorForm';
import { CategoryList } from './CategoryList';
import { DURATIONS, itemCount } from './model';
import { useCheckListMutations } from './mutations';
import { checkListDefaultsQuery, checkListDetailQuery } from './queries';
import { NotificationPreview } from './NotificationPreview';
import { CLOSING_DAY_RULE_LABELS, CLOSING_DAY_RULES, checkListFormSchema, formValuesOf, type CheckListFormValues } from './schema';
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
  return (
    <EditorScreen
      id={checkListMasterId}
      titles={{ add: 'チェックリストの登録', edit: 'チェックリストの編集' }}
      detailQuery={(id) => checkListDetailQuery(organizationId, id)}
      defaultsQuery={() => checkListDefaultsQuery(organizationId)}
    >
      {({ record, options, reload }) => (
        <CheckListForm
          master={record}
          checkListMasterId={checkListMasterId}
          improvementAvailable={options.availableImprovement}
          reload={reload}
        />
      )}
    </EditorScreen>
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
  const canEdit = useHasRole('ROLE_CHECK_ITEM_EDIT');
  const { save, remove } = useCheckListMutations();
  const { form, formProps, rules, saving, otherErrors, editing, onCancel, onDelete } = useEditorForm({
    schema: checkListFormSchema,
    id: checkListMasterId,
    list: 'CheckListMaster',
    save,
    remove,
    reload,
    valuesOf: (fresh: CheckListMaster) => formValuesOf(fresh, { withVersion: true }),
  });

  const categories = Form.useWatch('categoryList', form) as CheckCategory[] | undefined;

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 12, md: 6 };
  const disabled = !canEdit;

  return (
    <EditorForm<CheckListFormValues>
      formProps={formProps}
      initialValues={formValuesOf(master, { withVersion: editing })}
      canEdit={canEdit}
      editing={editing}
      otherErrors={otherErrors}
      editingNote="回答済みの項目を変更・削除しても、これまでの回答はそのときの質問と選択肢のまま残ります。"
      saving={saving}
      onCancel={onCancel}
      onDelete={onDelete}
      deleteLabel={`${master.checkListMasterName}を削除`}
      deleteDescription="これまでの回答は履歴として残ります。"
    >
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
              <DatePicker allowClear={false} style={{ width: '100%' }} />
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
              <DatePicker allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item name="nextInterval" label="繰り返し間隔" required rules={rules('nextInterval')}>
              <IntegerInput min={1} max={365} style={{ width: '100%' }} />
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
              <IntegerInput min={0} max={31} suffix="日前" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="closingDayRule"
              label="休業日にあたるリマインド"
              tooltip="祝日と組織・店舗の休業日（組織の設定）にあたるとき"
              rules={rules('closingDayRule')}
            >
              <Select options={CLOSING_DAY_RULES.map((value) => ({ value, label: CLOSING_DAY_RULE_LABELS[value] }))} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="businessDays" label="日数の数え方" valuePropName="checked" rules={rules('businessDays')}>
              <Switch checkedChildren="営業日" unCheckedChildren="暦日" />
            </Form.Item>
          </Col>
        </Row>
        <NotificationPreview />
      </Card>

      {(improvementAvailable || master.availableImprovement) && <ImprovementCard rules={rules} disabled={disabled} />}

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
    </EditorForm>
  );
}

import { FormLoading } from '@/features/masters/common/FormLoading';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Switch, Tag } from 'antd';
import { useMemo } from 'react';
import type { OrganizationOptions } from '@/lib/api/types';
import { DeleteButton } from '../common/DeleteButton';
import { GroupTreeSelect } from '../common/GroupTreeSelect';
import { MasterPage } from '../common/MasterPage';
import { useGroupList, useHasRole, useOrganizationId, useOrganizationOptions } from '../common/session';
import type { Facility, FacilityAttribute, GroupEnum } from '../common/types';
import { useEditorForm } from '@/shared/editor/useEditorForm';
import { facilityDeleteTexts } from './deleteTexts';
import { useFacilityMutations } from './mutations';
import { facilityAttributesQuery, facilityDetailQuery } from './queries';
import {
  DEFAULT_EXTERNAL_ID_LABEL,
  DEFAULT_EXTERNAL_VALUE_LABEL,
  facilityFormSchema,
  type FacilityFormValues,
} from './schema';

const editRoute = getRouteApi('/facility/$facilityId');

/** /facility/{id}: a new form per store, so moving between stores starts afresh. */
export function FacilityEditPage() {
  const { facilityId } = editRoute.useParams();
  return <FacilityFormScreen key={facilityId} facilityId={facilityId} />;
}

/** /facility/add */
export function FacilityAddPage() {
  return <FacilityFormScreen />;
}

/** /facility/add (no id) and /facility/{id}: one store's form. */
export function FacilityFormScreen({ facilityId }: { facilityId?: number }) {
  const organizationId = useOrganizationId();
  const editing = facilityId !== undefined;
  const detail = useQuery({ ...facilityDetailQuery(organizationId, facilityId ?? 0), enabled: editing });
  const groups = useGroupList();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const options = useOrganizationOptions();

  const failed = [editing ? detail : null, groups, tags, options].find((query) => query?.isError);
  const title = editing ? '店舗の編集' : '店舗の登録';
  if (failed) return <FormLoading title={title} failed={failed} />;
  const facility = detail.data;
  if ((editing && !facility) || !groups.data || !tags.data || !options.data) {
    return <FormLoading title={title} rows={8} />;
  }
  return (
    <MasterPage title={title}>
      <FacilityForm
        facility={facility}
        groups={groups.data}
        tags={tags.data}
        options={options.data}
        reload={async () => (await detail.refetch()).data}
      />
    </MasterPage>
  );
}

interface FormProps {
  /** The store read for editing; undefined for a new one. */
  facility: Facility | undefined;
  groups: readonly GroupEnum[];
  tags: readonly FacilityAttribute[];
  options: OrganizationOptions;
  reload: () => Promise<Facility | undefined>;
}

function valuesOf(facility: Facility): FacilityFormValues {
  return {
    groupId: facility.groupId,
    facilityName: facility.facilityName,
    facilityNameKana: facility.facilityNameKana,
    managerName: facility.managerName,
    address: facility.address,
    tel: facility.tel,
    externalDataId: facility.externalDataId,
    externalDataValue: facility.externalDataValue,
    availableAdvancedReport: facility.availableAdvancedReport,
    availableSurvey: facility.availableSurvey,
    attributeIdList: facility.attributeList.map((tag) => tag.facilityAttributeId),
    version: facility.version,
  };
}

const NEW_FACILITY: Partial<FacilityFormValues> = {
  facilityName: '',
  facilityNameKana: '',
  managerName: '',
  address: '',
  tel: '',
  externalDataId: '',
  externalDataValue: '',
  availableAdvancedReport: false,
  availableSurvey: false,
  attributeIdList: [],
};

function FacilityForm({ facility, groups, tags, options, reload }: FormProps) {
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const externalIdLabel = options.externalDataIdLabel || DEFAULT_EXTERNAL_ID_LABEL;
  const externalValueLabel = options.externalDataValueLabel || DEFAULT_EXTERNAL_VALUE_LABEL;
  const facilityId = facility?.facilityId;

  const schema = useMemo(() => facilityFormSchema(options.externalDataIdLabel), [options.externalDataIdLabel]);
  // Save and delete go through the store mutations, which outdate what shows stores; then back to the list.
  const { save, remove } = useFacilityMutations();
  const { formProps, rules, saving, otherErrors, onCancel, onDelete } = useEditorForm({
    schema,
    id: facilityId,
    list: 'Facility',
    save,
    remove,
    reload,
    valuesOf,
  });

  const initialValues = facility ? valuesOf(facility) : NEW_FACILITY;
  const half = { xs: 24, md: 12 };

  return (
    <Card style={{ maxWidth: 960 }}>
      {otherErrors.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />
      )}
      {!canEdit && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="店舗を編集する権限がないため、表示のみです。" />
      )}
      <Form<FacilityFormValues> {...formProps} initialValues={initialValues} disabled={!canEdit}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="groupId" label="グループ" required rules={rules('groupId')}>
              <GroupTreeSelect groups={groups} placeholder="グループを選択" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="facilityName" label="店舗名" required rules={rules('facilityName')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="facilityNameKana" label="店舗名カナ" required rules={rules('facilityNameKana')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="managerName" label="店長名" rules={rules('managerName')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="tel" label="電話番号" rules={rules('tel')}>
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label="住所" rules={rules('address')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="externalDataId" label={externalIdLabel} rules={rules('externalDataId')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="attributeIdList" label="タグ" rules={rules('attributeIdList')}>
              <Select<number[]>
                mode="multiple"
                allowClear
                placeholder="タグを選択"
                options={tags.map((tag) => ({ value: tag.facilityAttributeId, label: tag.label }))}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent="タグがありません"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="externalDataValue" label={externalValueLabel} rules={rules('externalDataValue')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
          {options.availableAdvancedReport && (
            <Col {...half}>
              <Form.Item name="availableAdvancedReport" label="アドバンスドレポート" valuePropName="checked">
                <Switch checkedChildren="利用する" unCheckedChildren="利用しない" />
              </Form.Item>
            </Col>
          )}
          {options.availableSurvey && (
            <Col {...half}>
              <Form.Item name="availableSurvey" label="アンケート" valuePropName="checked">
                <Switch checkedChildren="利用する" unCheckedChildren="利用しない" />
              </Form.Item>
            </Col>
          )}
        </Row>
        {facility && facility.terminalIdList.length > 0 && (
          <Form.Item label="端末" tooltip="端末の登録と削除は端末の画面で行います。">
            <Flex gap={4} wrap aria-label="端末一覧">
              {facility.terminalIdList.map((terminalId) => (
                <Tag key={terminalId}>{terminalId}</Tag>
              ))}
            </Flex>
          </Form.Item>
        )}
        <Flex gap="small" wrap justify="space-between">
          <Flex gap="small" wrap>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            )}
            <Button
              disabled={false}
              onClick={onCancel}
            >
              {canEdit ? 'キャンセル' : '一覧に戻る'}
            </Button>
          </Flex>
          {canEdit && facility && (
            <DeleteButton text="削除" {...facilityDeleteTexts(facility.facilityName)} onConfirm={onDelete} />
          )}
        </Flex>
      </Form>
    </Card>
  );
}

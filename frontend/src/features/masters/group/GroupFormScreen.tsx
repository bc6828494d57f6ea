import { FormLoading } from '@/features/masters/common/FormLoading';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Row } from 'antd';
import { useMemo } from 'react';
import { ButtonLink } from '../common/ButtonLink';
import { DeleteButton } from '../common/DeleteButton';
import { GroupTreeSelect } from '../common/GroupTreeSelect';
import { MasterPage } from '../common/MasterPage';
import { useGroupList, useHasRole, useOrganizationId } from '../common/session';
import { pathLabel, possibleParents } from '../common/tree';
import type { Group, GroupEnum } from '../common/types';
import { useEditorForm } from '@/shared/editor/useEditorForm';
import { GroupTree } from './GroupTree';
import { useGroupMutations } from './mutations';
import { groupDetailQuery } from './queries';
import { groupFormSchema, type GroupFormValues } from './schema';

const editRoute = getRouteApi('/group/$groupId');
const addRoute = getRouteApi('/group/add');

/** /group/{id}: a new form per group. */
export function GroupEditPage() {
  const { groupId } = editRoute.useParams();
  return <GroupFormScreen key={groupId} groupId={groupId} />;
}

/** /group/add, optionally under the parent named in the query (?parentGroupId=4). */
export function GroupAddPage() {
  const { parentGroupId } = addRoute.useSearch();
  return <GroupFormScreen key={parentGroupId ?? 0} parentGroupId={parentGroupId} />;
}

interface ScreenProps {
  groupId?: number;
  parentGroupId?: number | undefined;
}

export function GroupFormScreen({ groupId, parentGroupId }: ScreenProps) {
  const organizationId = useOrganizationId();
  const editing = groupId !== undefined;
  const detail = useQuery({ ...groupDetailQuery(organizationId, groupId ?? 0), enabled: editing });
  const groups = useGroupList();
  const navigate = useNavigate();
  const title = editing ? 'グループの編集' : 'グループの登録';

  const failed = [editing ? detail : null, groups].find((query) => query?.isError);
  if (failed) return <FormLoading title={title} failed={failed} />;
  const group = detail.data;
  if ((editing && !group) || !groups.data) {
    return <FormLoading title={title} rows={5} />;
  }
  return (
    <MasterPage
      title={title}
      actions={
        group && (
          <ButtonLink to="/group/add" search={{ parentGroupId: group.groupId }} icon={<PlusOutlined />}>
            下位グループを追加
          </ButtonLink>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <GroupForm
            group={group}
            groups={groups.data}
            parentGroupId={parentGroupId}
            reload={async () => (await detail.refetch()).data}
          />
        </Col>
        <Col xs={24} lg={8}>
          {group && (
            <Card size="small" title="所属" style={{ marginBottom: 16 }}>
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'path', label: '位置', children: pathLabel(groups.data, group.path) || group.groupName },
                  { key: 'children', label: '下位グループ', children: group.childCount },
                  { key: 'facilities', label: '店舗', children: group.facilityCount },
                  { key: 'users', label: 'ユーザー', children: group.userCount },
                ]}
              />
            </Card>
          )}
          <Card size="small" title="グループ構成">
            <GroupTree
              groups={groups.data}
              selectedId={groupId}
              onOpen={(id) => void navigate({ to: '/group/$groupId', params: { groupId: id } })}
            />
          </Card>
        </Col>
      </Row>
    </MasterPage>
  );
}

interface FormProps {
  group: Group | undefined;
  groups: readonly GroupEnum[];
  parentGroupId: number | undefined;
  reload: () => Promise<Group | undefined>;
}

function valuesOf(group: Group): GroupFormValues {
  return {
    parentGroupId: group.parentGroupId,
    groupName: group.groupName,
    groupNameKana: group.groupNameKana,
    jkCode: group.jkCode,
    version: group.version,
  };
}

function GroupForm({ group, groups, parentGroupId, reload }: FormProps) {
  const canEdit = useHasRole('ROLE_GROUP_REFERENCE_ALL');
  const groupId = group?.groupId;

  // Never under itself or its own subtree (the server refuses that too).
  const parents = useMemo(() => (groupId === undefined ? groups : possibleParents(groups, groupId)), [groups, groupId]);

  // Save and delete go through the group mutations (they outdate the masters and the tree); then back to the list.
  const { save, remove } = useGroupMutations();
  const { form, formProps, rules, saving, otherErrors, onCancel, onDelete } = useEditorForm({
    schema: groupFormSchema,
    id: groupId,
    list: 'Group',
    save,
    remove,
    reload,
    valuesOf,
  });

  const chosenParent: number | null | undefined = Form.useWatch('parentGroupId', form);
  const moving = group !== undefined && chosenParent !== undefined && (chosenParent ?? null) !== group.parentGroupId;
  const newParentName = groups.find((candidate) => candidate.groupId === chosenParent)?.groupName;

  const initialValues: GroupFormValues = group
    ? valuesOf(group)
    : { parentGroupId: parentGroupId ?? null, groupName: '', groupNameKana: '', jkCode: '' };

  return (
    <Card>
      {otherErrors.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />
      )}
      <Form<GroupFormValues> {...formProps} initialValues={initialValues} disabled={!canEdit} style={{ maxWidth: 640 }}>
        <Form.Item
          name="parentGroupId"
          label="親グループ"
          rules={rules('parentGroupId')}
          extra="空欄にすると最上位のグループになります。"
        >
          <GroupTreeSelect groups={parents} allowClear placeholder="なし(最上位のグループ)" />
        </Form.Item>
        {moving && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`保存すると、このグループを下位のグループ・店舗・ユーザーごと${
              newParentName ? `「${newParentName}」の下へ` : '最上位へ'
            }移動します。`}
          />
        )}
        <Form.Item name="groupName" label="グループ名" required rules={rules('groupName')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="groupNameKana" label="グループ名カナ" rules={rules('groupNameKana')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="jkCode" label="JKコード" rules={rules('jkCode')}>
          <Input autoComplete="off" />
        </Form.Item>
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
              キャンセル
            </Button>
          </Flex>
          {canEdit && group && (
            <DeleteButton
              text="削除"
              label={`${group.groupName}を削除`}
              description="下位グループ・店舗・ユーザーがあるグループは削除できません。"
              onConfirm={onDelete}
            />
          )}
        </Flex>
      </Form>
    </Card>
  );
}

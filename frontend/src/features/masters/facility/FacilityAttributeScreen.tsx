import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { ButtonLink } from '../common/ButtonLink';
import { DeleteButton } from '../common/DeleteButton';
import { useMasterToasts } from '../common/feedback';
import { MasterPage } from '../common/MasterPage';
import { MasterTable } from '../common/MasterTable';
import { useListPageSize } from '../common/pageSize';
import { QueryError } from '../common/QueryError';
import { useHasRole, useOrganizationId } from '../common/session';
import type { FacilityAttribute } from '../common/types';
import { useMasterForm } from '../common/useMasterForm';
import { facilityApi } from './api';
import { facilityAttributesQuery, facilityKeys } from './queries';
import { facilityAttributeSchema } from './schema';

/**
 * /facility/attribute/: the store tags with how many stores carry each; added, renamed and
 * deleted in place. The organization has few tags, so the whole list is read and paged here.
 */
export function FacilityAttributeScreen() {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const queryClient = useQueryClient();
  const toasts = useMasterToasts();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const [size, setSize] = useListPageSize('facilityAttribute');
  const [page, setPage] = useState(1);
  const [editingId, setEditingId] = useState<number | null>(null);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: facilityKeys.all(organizationId) }),
    [queryClient, organizationId],
  );

  const all = tags.data;
  const lastPage = Math.max(1, Math.ceil((all?.length ?? 0) / size));
  const shownPage = Math.min(page, lastPage);
  const items = all?.slice((shownPage - 1) * size, shownPage * size);

  const remove = async (tag: FacilityAttribute) => {
    const outcome = await facilityApi.removeAttribute(tag.facilityAttributeId);
    toasts.outcome(outcome);
    if (outcome.ok) await refresh();
  };

  const name = (tag: FacilityAttribute) =>
    editingId === tag.facilityAttributeId ? (
      <TagNameEditor
        tag={tag}
        onDone={async (saved) => {
          setEditingId(null);
          if (saved) await refresh();
        }}
      />
    ) : (
      tag.label
    );

  const actions = (tag: FacilityAttribute) =>
    canEdit &&
    editingId !== tag.facilityAttributeId && (
      <Space size="small">
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`${tag.label}の名前を変更`}
          title="名前を変更"
          onClick={() => {
            setEditingId(tag.facilityAttributeId);
          }}
        />
        <DeleteButton
          size="small"
          label={`${tag.label}を削除`}
          description={
            tag.facilityCount > 0 ? `${tag.facilityCount}店舗に付いています。削除すると店舗から外れます。` : undefined
          }
          onConfirm={() => remove(tag)}
        />
      </Space>
    );

  const columns: TableColumnsType<FacilityAttribute> = [
    { key: 'label', title: 'タグ名', render: (_, tag) => name(tag) },
    { key: 'facilityCount', title: '店舗数', dataIndex: 'facilityCount', align: 'right', width: 100 },
    ...(canEdit ? [{ key: 'actions', title: '操作', width: 110, render: (_: unknown, tag: FacilityAttribute) => actions(tag) }] : []),
  ];

  return (
    <MasterPage
      title="店舗タグ"
      actions={
        <ButtonLink to="/facility/" icon={<ArrowLeftOutlined />}>
          店舗一覧
        </ButtonLink>
      }
    >
      {canEdit && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <NewTagForm onAdded={refresh} />
        </Card>
      )}
      <MasterTable<FacilityAttribute>
        label="店舗タグ一覧"
        rowKey={(tag) => tag.facilityAttributeId}
        columns={columns}
        items={items}
        total={all?.length ?? 0}
        page={shownPage}
        size={size}
        fetching={tags.isFetching}
        emptyText="店舗タグはまだありません"
        error={
          tags.isError ? (
            <QueryError
              error={tags.error}
              onRetry={() => {
                void tags.refetch();
              }}
            />
          ) : undefined
        }
        onPageChange={(nextPage, nextSize) => {
          setSize(nextSize);
          setPage(nextPage);
        }}
        renderCard={(tag) => (
          <Flex justify="space-between" align="center" gap="small">
            <Flex vertical style={{ minWidth: 0, flex: 1 }}>
              {editingId === tag.facilityAttributeId ? name(tag) : <Typography.Text strong>{tag.label}</Typography.Text>}
              <Typography.Text type="secondary">{tag.facilityCount}店舗</Typography.Text>
            </Flex>
            {actions(tag)}
          </Flex>
        )}
      />
    </MasterPage>
  );
}

/** Adds a tag: one field, checked like the server ('タグ名は必須です', at most 50). */
function NewTagForm({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const { form, formProps, rules, saving } = useMasterForm({
    schema: facilityAttributeSchema,
    save: ({ label }) => facilityApi.createAttribute(label),
    onSaved: () => {
      form.resetFields();
      void onAdded();
    },
  });
  return (
    <Form {...formProps} initialValues={{ label: '' }}>
      <Form.Item label="新しいタグ" required style={{ marginBottom: 0 }}>
        <Flex gap="small" style={{ maxWidth: 520 }}>
          {/* noStyle: the field's message shows under the whole row. */}
          <Form.Item name="label" rules={rules('label')} noStyle>
            <Input aria-label="新しいタグ名" placeholder="新しいタグ名" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving}>
            追加
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}

/** Renames a tag in its row. */
function TagNameEditor({ tag, onDone }: { tag: FacilityAttribute; onDone: (saved: boolean) => Promise<unknown> }) {
  const { formProps, rules, saving, clearChanged } = useMasterForm({
    schema: facilityAttributeSchema,
    save: ({ label }) => facilityApi.renameAttribute(tag.facilityAttributeId, label),
    onSaved: () => void onDone(true),
  });
  return (
    <Form {...formProps} layout="inline" initialValues={{ label: tag.label }} style={{ rowGap: 8 }}>
      <Form.Item name="label" rules={rules('label')} style={{ flex: '1 1 160px', marginInlineEnd: 8 }}>
        <Input aria-label="タグ名" autoFocus autoComplete="off" />
      </Form.Item>
      <Space size="small">
        <Button type="primary" size="small" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button
          size="small"
          onClick={() => {
            clearChanged();
            void onDone(false);
          }}
        >
          キャンセル
        </Button>
      </Space>
    </Form>
  );
}

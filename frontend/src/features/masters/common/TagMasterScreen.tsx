import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ApiOutcome } from '@/lib/api/outcome';
import { DeleteButton } from './DeleteButton';
import { useMasterToasts } from './feedback';
import { MasterPage } from './MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { failedRead } from '@/shared/list/failedRead';
import { useMasterForm } from './useMasterForm';
import { tagSchema } from './validation';

type OutcomeMutation<Variables> = UseMutationResult<ApiOutcome<unknown>, Error, Variables>;

/** A feature's tag changes (its mutations invalidate what shows the tags). */
export interface TagMutations {
  create: OutcomeMutation<string>;
  rename: OutcomeMutation<{ id: number; label: string }>;
  remove: OutcomeMutation<number>;
}

/** A tag as a tag screen shows it: id, name and how many records carry it. */
export interface TagRow {
  id: number;
  label: string;
  count: number;
}

export interface TagMasterScreenProps<Tag> {
  /** The page title, e.g. 'ユーザータグ'. */
  title: string;
  /** The back link beside the title. */
  back: ReactNode;
  /** The count column's title, e.g. 'ユーザー数'. */
  countTitle: string;
  /** The count with its unit, e.g. '3人'. */
  countText: (count: number) => string;
  /** Shown in the delete question when the tag is in use. */
  inUseText: (count: number) => string;
  tags: UseQueryResult<Tag[], unknown>;
  toRow: (tag: Tag) => TagRow;
  canEdit: boolean;
  /** The feature's tag mutations (useFacilityTagMutations, useUserTagMutations). */
  mutations: TagMutations;
  pageSize: [number, (size: number) => void];
}

/**
 * A tag master screen: the tags with how many records carry each; added, renamed and deleted in
 * place (store tags and user tags). Organizations have few tags, so the whole list is read and
 * paged here.
 */
export function TagMasterScreen<Tag>(props: TagMasterScreenProps<Tag>) {
  const { title, back, countTitle, countText, inUseText, tags, toRow, canEdit, mutations } = props;
  const toasts = useMasterToasts();
  const [size, setSize] = props.pageSize;
  const [page, setPage] = useState(1);
  const [editingId, setEditingId] = useState<number | null>(null);

  const all = tags.data?.map(toRow);
  const lastPage = Math.max(1, Math.ceil((all?.length ?? 0) / size));
  const shownPage = Math.min(page, lastPage);
  const items = all?.slice((shownPage - 1) * size, shownPage * size);

  const remove = async (tag: TagRow) => {
    toasts.outcome(await mutations.remove.mutateAsync(tag.id));
  };

  const name = (tag: TagRow) =>
    editingId === tag.id ? (
      <TagNameEditor
        tag={tag}
        rename={mutations.rename}
        onDone={() => {
          setEditingId(null);
        }}
      />
    ) : (
      tag.label
    );

  const actions = (tag: TagRow) =>
    canEdit &&
    editingId !== tag.id && (
      <Space size="small">
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`${tag.label}の名前を変更`}
          title="名前を変更"
          onClick={() => {
            setEditingId(tag.id);
          }}
        />
        <DeleteButton
          size="small"
          label={`${tag.label}を削除`}
          description={tag.count > 0 ? inUseText(tag.count) : undefined}
          onConfirm={() => remove(tag)}
        />
      </Space>
    );

  const columns: TableColumnsType<TagRow> = [
    { key: 'label', title: 'タグ名', render: (_, tag) => name(tag) },
    { key: 'count', title: countTitle, dataIndex: 'count', align: 'right', width: 110 },
    ...(canEdit ? [{ key: 'actions', title: '操作', width: 110, render: (_: unknown, tag: TagRow) => actions(tag) }] : []),
  ];

  return (
    <MasterPage title={title} actions={back}>
      {canEdit && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <NewTagForm create={mutations.create} />
        </Card>
      )}
      <ListTable<TagRow>
        label={`${title}一覧`}
        rowKey={(tag) => tag.id}
        columns={columns}
        items={items}
        total={all?.length ?? 0}
        page={shownPage}
        size={size}
        fetching={tags.isFetching}
        emptyText={`${title}はまだありません`}
        error={failedRead(tags)}
        onPageChange={(nextPage, nextSize) => {
          setSize(nextSize);
          setPage(nextPage);
        }}
        renderCard={(tag) => (
          <Flex vertical>
            {editingId === tag.id ? name(tag) : <Typography.Text strong>{tag.label}</Typography.Text>}
            <Typography.Text type="secondary">{countText(tag.count)}</Typography.Text>
          </Flex>
        )}
      />
    </MasterPage>
  );
}

/** Adds a tag: one field, checked like the server ('タグ名は必須です', at most 50). */
function NewTagForm({ create }: { create: TagMutations['create'] }) {
  const { form, formProps, rules, saving } = useMasterForm({
    schema: tagSchema,
    save: ({ label }) => create.mutateAsync(label),
    onSaved: () => {
      form.resetFields();
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
function TagNameEditor({
  tag,
  rename,
  onDone,
}: {
  tag: TagRow;
  rename: TagMutations['rename'];
  onDone: () => void;
}) {
  const { formProps, rules, saving, clearChanged } = useMasterForm({
    schema: tagSchema,
    save: ({ label }) => rename.mutateAsync({ id: tag.id, label }),
    onSaved: onDone,
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
            onDone();
          }}
        >
          キャンセル
        </Button>
      </Space>
    </Form>
  );
}

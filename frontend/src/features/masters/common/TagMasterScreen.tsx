import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ApiOutcome } from '@/lib/api/outcome';
import type { SearchChangeOptions } from '@/shared/list/useRouteSearch';
import { DeleteButton } from './DeleteButton';
import { useMasterToasts } from './feedback';
import { MasterPage } from './MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { failedRead } from '@/shared/list/failedRead';
import { useMasterForm } from './useMasterForm';
import { pageOfTag, type TagSearch } from './tagSearch';
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
  /** The tags' query key: after a change the screen finds a tag's page in the list read again. */
  tagsKey: QueryKey;
  toRow: (tag: Tag) => TagRow;
  canEdit: boolean;
  /** The feature's tag mutations (useFacilityTagMutations, useUserTagMutations). */
  mutations: TagMutations;
  pageSize: [number, (size: number) => void];
  /** The URL's page (and page size, when a link says so): reload and Back keep the page. */
  search: TagSearch;
  onSearchChange: (search: TagSearch, options?: SearchChangeOptions) => void;
}

/**
 * A tag master screen: the tags with how many records carry each; added, renamed and deleted in
 * place (store tags and user tags). Organizations have few tags, so the whole list is read and
 * paged here.
 */
export function TagMasterScreen<Tag>(props: TagMasterScreenProps<Tag>) {
  const { title, back, countTitle, countText, inUseText, tags, tagsKey, toRow, canEdit, mutations, search, onSearchChange } = props;
  const toasts = useMasterToasts();
  const queryClient = useQueryClient();
  const [preferredSize, setPreferredSize] = props.pageSize;
  const size = search.size ?? preferredSize;
  const [editingId, setEditingId] = useState<number | null>(null);
  /** The tag just added: marked in the list until the page changes. */
  const [addedId, setAddedId] = useState<number | null>(null);
  /** The tag whose rename button takes the focus back when it shows again (after a rename or its cancel). */
  const focusRenameOf = useRef<number | null>(null);

  const all = tags.data?.map(toRow);
  const lastPage = Math.max(1, Math.ceil((all?.length ?? 0) / size));
  const shownPage = Math.min(search.page, lastPage);
  const items = all?.slice((shownPage - 1) * size, shownPage * size);

  // A page past the end (tags deleted, an old link): the last page, in place of the page past the end,
  // as the other lists do (useListState).
  const pastTheEnd = all !== undefined && !tags.isFetching && search.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, search, onSearchChange]);

  /**
   * Shows the page of the first tag `isTag` finds in the list as read again after a change (the
   * server sorts by name: a renamed or new tag may stand on another page) and answers that tag and its
   * page; undefined when it is not there.
   */
  const goToTag = (isTag: (tag: TagRow) => boolean) => {
    const fresh = queryClient.getQueryData<Tag[]>(tagsKey)?.map(toRow) ?? [];
    const page = pageOfTag(fresh, size, isTag);
    if (page === undefined) return undefined;
    if (page !== shownPage) onSearchChange({ ...search, page });
    return { page, tag: fresh.find(isTag), pages: Math.ceil(fresh.length / size) };
  };

  // The tag just added is scrolled into sight on its page (a page of 100 tags is longer than the window).
  useEffect(() => {
    if (addedId === null) return;
    const row = document.querySelector(`.rouder-list-table [data-row-key="${String(addedId)}"]`);
    // (jsdom, under the unit tests, has no scrollIntoView.)
    if (row && 'scrollIntoView' in row) row.scrollIntoView({ block: 'nearest' });
  }, [addedId, shownPage]);

  const remove = async (tag: TagRow) => {
    toasts.outcome(await mutations.remove.mutateAsync(tag.id));
  };

  const endEdit = (tag: TagRow, renamed: boolean) => {
    focusRenameOf.current = tag.id;
    if (renamed) goToTag((row) => row.id === tag.id);
    setEditingId(null);
  };

  const name = (tag: TagRow) =>
    editingId === tag.id ? (
      <TagNameEditor
        tag={tag}
        rename={mutations.rename}
        onDone={(renamed) => {
          endEdit(tag, renamed);
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
          ref={(button) => {
            if (button && focusRenameOf.current === tag.id) {
              focusRenameOf.current = null;
              button.focus();
            }
          }}
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

  /** After an add: the page where the new tag stands, the tag marked; its page for the toast when there are several. */
  const showAdded = (label: string): string | undefined => {
    const found = goToTag((tag) => tag.label === label);
    setAddedId(found?.tag?.id ?? null);
    return found && found.pages > 1 ? `「${label}」は${String(found.page)}ページ目です。` : undefined;
  };

  return (
    <MasterPage title={title} actions={back}>
      {canEdit && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <NewTagForm create={mutations.create} onAdded={showAdded} />
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
        highlightedKey={addedId ?? undefined}
        onPageChange={(page, nextSize) => {
          // A chosen size is a preference, not part of the URL (as in the other lists).
          if (nextSize !== size) setPreferredSize(nextSize);
          setAddedId(null);
          onSearchChange({ ...search, page, size: undefined });
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

/**
 * Adds a tag: one field, checked like the server ('タグ名は必須です', at most 50). `onAdded` shows
 * where the new tag stands and answers what the success toast adds to say so.
 */
function NewTagForm({ create, onAdded }: { create: TagMutations['create']; onAdded: (label: string) => string | undefined }) {
  const { form, formProps, rules, saving } = useMasterForm({
    schema: tagSchema,
    save: async ({ label }) => {
      const outcome = await create.mutateAsync(label);
      // The list is read again before the answer comes (useChangeMutation): the new tag is in it.
      const where = outcome.ok ? onAdded(label) : undefined;
      return outcome.ok && outcome.toast && where ? { ...outcome, toast: { ...outcome.toast, text: outcome.toast.text + where } } : outcome;
    },
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

/**
 * Renames a tag in its row. Esc, like キャンセル, leaves the name as it was; `onDone` says whether the
 * tag was renamed.
 */
function TagNameEditor({
  tag,
  rename,
  onDone,
}: {
  tag: TagRow;
  rename: TagMutations['rename'];
  onDone: (renamed: boolean) => void;
}) {
  const { formProps, rules, saving, clearChanged } = useMasterForm({
    schema: tagSchema,
    save: ({ label }) => rename.mutateAsync({ id: tag.id, label }),
    onSaved: () => {
      onDone(true);
    },
  });
  const cancel = () => {
    clearChanged();
    onDone(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Esc while a Japanese input method is composing ends the composition only.
    if (event.key !== 'Escape' || event.nativeEvent.isComposing || saving) return;
    event.preventDefault();
    cancel();
  };
  return (
    <Form {...formProps} layout="inline" initialValues={{ label: tag.label }} style={{ rowGap: 8 }} onKeyDown={onKeyDown}>
      <Form.Item name="label" rules={rules('label')} style={{ flex: '1 1 160px', marginInlineEnd: 8 }}>
        <Input aria-label="タグ名" autoFocus autoComplete="off" />
      </Form.Item>
      <Space size="small">
        <Button type="primary" size="small" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button size="small" onClick={cancel}>
          キャンセル
        </Button>
      </Space>
    </Form>
  );
}

import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Space, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { changedSearch, searchTextQuery } from '@/features/masters/common/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { MasterTable } from '@/features/masters/common/MasterTable';
import { useListPageSize } from '@/features/masters/common/pageSize';
import { failedRead } from '@/features/masters/common/failedRead';
import { SearchBar } from '@/features/masters/common/SearchBar';
import { useOrganizationId } from '@/features/masters/common/session';
import { checkListApi, type CheckListListQuery } from './api';
import { periodText, recurrenceText } from './model';
import { checkListKeys, checkListListQuery } from './queries';
import type { CheckListSearch } from './schema';
import type { CheckListMasterSummary } from './types';

interface Props {
  search: CheckListSearch;
  onSearchChange: (search: CheckListSearch) => void;
}

const routeApi = getRouteApi('/check_list_master/');

/** The route's component: the screen on the URL's search state. */
export function CheckListListPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onSearchChange = useCallback(
    (next: CheckListSearch) => {
      void navigate({ search: next });
    },
    [navigate],
  );
  return <CheckListListScreen search={search} onSearchChange={onSearchChange} />;
}

/** /check_list_master/: the organization's check lists, newest first, searched and paged by the server. */
export function CheckListListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useMasterToasts();
  const [preferredSize, setPreferredSize] = useListPageSize('checkListMaster');
  const size = search.size ?? preferredSize;
  const [copying, setCopying] = useState<number | null>(null);

  const query: CheckListListQuery = { searchText: searchTextQuery(search.searchText), page: search.page, size };
  const list = useQuery(checkListListQuery(organizationId, query));

  // A page past the end (rows deleted meanwhile, an old link): show the last page instead.
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && search.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onSearchChange({ ...search, page: lastPage });
  }, [pastTheEnd, lastPage, search, onSearchChange]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: checkListKeys.all(organizationId) });

  const remove = async (row: CheckListMasterSummary) => {
    const outcome = await checkListApi.remove(row.checkListMasterId);
    toasts.outcome(outcome);
    if (outcome.ok) await refresh();
  };

  /** Copies on the server, then opens the copy in the editor. */
  const copy = async (row: CheckListMasterSummary) => {
    setCopying(row.checkListMasterId);
    try {
      const outcome = await checkListApi.copy(row.checkListMasterId);
      toasts.outcome(outcome);
      if (!outcome.ok) return;
      await refresh();
      await navigate({
        to: '/check_list_master/$checkListMasterId',
        params: { checkListMasterId: outcome.data.checkListMasterId },
      });
    } finally {
      setCopying(null);
    }
  };

  const actions = (row: CheckListMasterSummary) => (
    <Space size="small" onClick={(event) => { event.stopPropagation(); }}>
      <ButtonLink
        to="/check_list_master/$checkListMasterId"
        params={{ checkListMasterId: row.checkListMasterId }}
        size="small"
        icon={<EditOutlined />}
        aria-label={`${row.checkListMasterName}を編集`}
        title="編集"
      />
      <Button
        size="small"
        icon={<CopyOutlined />}
        aria-label={`${row.checkListMasterName}をコピー`}
        title="コピー"
        loading={copying === row.checkListMasterId}
        disabled={copying !== null && copying !== row.checkListMasterId}
        onClick={() => void copy(row)}
      />
      <DeleteButton
        size="small"
        label={`${row.checkListMasterName}を削除`}
        description="これまでの回答は履歴として残ります。"
        onConfirm={() => remove(row)}
      />
    </Space>
  );

  const columns: TableColumnsType<CheckListMasterSummary> = [
    {
      key: 'checkListMasterName',
      title: 'チェックリスト名',
      render: (_, row) => (
        <Link to="/check_list_master/$checkListMasterId" params={{ checkListMasterId: row.checkListMasterId }}>
          {row.checkListMasterName}
        </Link>
      ),
    },
    { key: 'period', title: '最初の期間', render: (_, row) => periodText(row.fromDate, row.toDate) },
    { key: 'recurrence', title: '繰り返し', render: (_, row) => recurrenceText(row.nextInterval, row.nextDuration) },
    { key: 'itemCount', title: '項目数', dataIndex: 'itemCount', align: 'right', width: 90 },
    { key: 'facilityCount', title: '対象店舗数', dataIndex: 'facilityCount', align: 'right', width: 110 },
    { key: 'actions', title: '操作', width: 140, render: (_, row) => actions(row) },
  ];

  return (
    <MasterPage
      title="チェックリスト"
      actions={
        <ButtonLink to="/check_list_master/add" color="primary" variant="solid" icon={<PlusOutlined />}>
          新規登録
        </ButtonLink>
      }
    >
      <SearchBar
        value={search.searchText}
        placeholder="チェックリスト名"
        onSearch={(searchText) => {
          onSearchChange(changedSearch(search, { searchText }));
        }}
      />
      <MasterTable<CheckListMasterSummary>
        label="チェックリスト一覧"
        rowKey={(row) => row.checkListMasterId}
        columns={columns}
        items={list.data?.items}
        total={total}
        page={search.page}
        size={size}
        fetching={list.isFetching}
        emptyText="該当するチェックリストはありません"
        error={failedRead(list)}
        onPageChange={(page, nextSize) => {
          if (nextSize !== size) setPreferredSize(nextSize);
          onSearchChange({ ...search, page, size: undefined });
        }}
        onOpen={(row) =>
          void navigate({ to: '/check_list_master/$checkListMasterId', params: { checkListMasterId: row.checkListMasterId } })
        }
        renderCard={(row) => (
          <Flex justify="space-between" align="flex-start" gap="small">
            <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text strong>{row.checkListMasterName}</Typography.Text>
              <Typography.Text type="secondary">
                {periodText(row.fromDate, row.toDate)}・{recurrenceText(row.nextInterval, row.nextDuration)}
              </Typography.Text>
              <Typography.Text>
                {row.itemCount}項目・{row.facilityCount}店舗
              </Typography.Text>
            </Flex>
            {actions(row)}
          </Flex>
        )}
      />
    </MasterPage>
  );
}

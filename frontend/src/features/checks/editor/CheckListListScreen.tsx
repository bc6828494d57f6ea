import { CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useOrganizationId } from '@/features/masters/common/session';
import { periodText, recurrenceText } from './model';
import { useCheckListMutations } from './mutations';
import { checkListListQuery } from './queries';
import type { CheckListSearch } from './schema';
import type { CheckListMasterSummary } from './types';

interface Props {
  search: CheckListSearch;
  onSearchChange: (search: CheckListSearch) => void;
}

const routeApi = getRouteApi('/check_list_master/');

/** The route's component: the screen on the URL's search state. */
export function CheckListListPage() {
  return <CheckListListScreen {...useRouteSearch<CheckListSearch>(routeApi)} />;
}

/** /check_list_master/: the organization's check lists, newest first, searched and paged by the server. */
export function CheckListListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const navigate = useNavigate();
  const toasts = useMasterToasts();
  const [copying, setCopying] = useState<number | null>(null);
  const { change, tableProps } = useListState({
    pageSizeList: 'checkListMaster',
    search,
    onSearchChange,
    query: (size) =>
      checkListListQuery(organizationId, { searchText: searchTextQuery(search.searchText), page: search.page, size }),
  });


  const mutations = useCheckListMutations();

  const remove = async (row: CheckListMasterSummary) => {
    toasts.outcome(await mutations.remove.mutateAsync(row.checkListMasterId));
  };

  /** Copies on the server, then opens the copy in the editor. */
  const copy = async (row: CheckListMasterSummary) => {
    setCopying(row.checkListMasterId);
    try {
      const outcome = await mutations.copy.mutateAsync(row.checkListMasterId);
      toasts.outcome(outcome);
      if (!outcome.ok) return;
      await navigate({
        to: '/check_list_master/$checkListMasterId',
        params: { checkListMasterId: outcome.data.checkListMasterId },
      });
    } finally {
      setCopying(null);
    }
  };

  const actions = (row: CheckListMasterSummary) => (
    <Space size="small">
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
          change({ searchText });
        }}
      />
      <ListTable<CheckListMasterSummary>
        label="チェックリスト一覧"
        rowKey={(row) => row.checkListMasterId}
        columns={columns}
        {...tableProps}
        emptyText="該当するチェックリストはありません"
        onOpen={(row) =>
          void navigate({ to: '/check_list_master/$checkListMasterId', params: { checkListMasterId: row.checkListMasterId } })
        }
        renderCard={(row) => (
          <Flex vertical gap={2}>
            <Typography.Text strong>{row.checkListMasterName}</Typography.Text>
            <Typography.Text type="secondary">
              {periodText(row.fromDate, row.toDate)}・{recurrenceText(row.nextInterval, row.nextDuration)}
            </Typography.Text>
            <Typography.Text>
              {row.itemCount}項目・{row.facilityCount}店舗
            </Typography.Text>
          </Flex>
        )}
      />
    </MasterPage>
  );
}

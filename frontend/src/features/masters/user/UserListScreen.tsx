import { EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Flex, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { GroupFilter, PhoneSortSelect, TagFilter } from '@/shared/list/filters';
import { useListSort, useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ButtonLink } from '../common/ButtonLink';
import { DeleteButton } from '../common/DeleteButton';
import { useMasterToasts } from '../common/feedback';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '../common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useOrganizationId } from '../common/session';
import { useUserMutations } from './mutations';
import { authorityChoices, authorityLabel, mayGrant, useAuthorityList, useLoginUser } from './authorities';
import { userAttributesQuery, userListQuery } from './queries';
import { USER_SEARCH_DEFAULTS, USER_SORT_KEYS, type UserSearch, type UserSortKey } from './schema';
import type { Authority, User } from './types';

interface Props {
  search: UserSearch;
  onSearchChange: (search: UserSearch) => void;
}

const SORT_LABELS: Record<UserSortKey, string> = {
  userAccount: 'ユーザーアカウント',
  name: '氏名',
  groupName: '所属グループ',
};

const routeApi = getRouteApi('/user/');

/** The route's component: the screen on the URL's search state. */
export function UserListPage() {
  return <UserListScreen {...useRouteSearch<UserSearch>(routeApi)} />;
}

const fullName = (user: Pick<User, 'lastName' | 'firstName'>) => `${user.lastName} ${user.firstName}`;

/** /user/: the users the signed-in user may manage, searched, filtered, sorted and paged by the server. */
export function UserListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const navigate = useNavigate();
  const toasts = useMasterToasts();
  const { remove: removeUser } = useUserMutations();
  const loginUser = useLoginUser();
  const { change, tableProps } = useListState({
    pageSizeList: 'user',
    search,
    onSearchChange,
    query: (size) =>
      userListQuery(organizationId, {
        searchText: searchTextQuery(search.searchText),
        authorityName: search.authorityName,
        groupId: search.groupId,
        attributeId: search.attributeId,
        sortBy: search.sortBy,
        descending: search.descending,
        page: search.page,
        size,
      }),
  });
  const { sortOrder, onSortChange, onSortSelect } = useListSort(search, change, {
    keys: USER_SORT_KEYS,
    fallback: USER_SEARCH_DEFAULTS.sortBy,
  });
  const tags = useQuery(userAttributesQuery(organizationId));
  const authorities = useAuthorityList();
  const allAuthorities = authorities.data ? authorityChoices(authorities.data, [], false).all : [];

  const remove = async (row: User) => {
    toasts.outcome(await removeUser.mutateAsync(row.userId));
  };

  /** Nobody deletes itself, nor someone holding roles it lacks (the server refuses both). */
  const mayDelete = (row: User) =>
    loginUser !== undefined &&
    row.userId !== loginUser.userId &&
    [row.mainAuthorityName, ...row.subAuthorityNameList].every((name) =>
      mayGrant(authorities.data ?? [], name, loginUser.roleList, true),
    );

  const columns: TableColumnsType<User> = [
    {
      key: 'userAccount',
      title: 'ユーザーアカウント',
      sorter: true,
      sortOrder: sortOrder('userAccount'),
      render: (_, row) => (
        <Link to="/user/$userId" params={{ userId: row.userId }}>
          {row.userAccount}
        </Link>
      ),
    },
    { key: 'name', title: '氏名', sorter: true, sortOrder: sortOrder('name'), render: (_, row) => fullName(row) },
    {
      key: 'authority',
      title: '権限',
      render: (_, row) => <AuthorityList row={row} authorities={allAuthorities} />,
    },
    { key: 'groupName', title: '所属グループ', dataIndex: 'groupName', sorter: true, sortOrder: sortOrder('groupName') },
    { key: 'facilityName', title: '所属店舗', dataIndex: 'facilityName' },
    { key: 'mailAddress', title: 'メールアドレス', dataIndex: 'mailAddress' },
    { key: 'tags', title: 'タグ', render: (_, row) => <TagList row={row} /> },
    { key: 'state', title: '状態', render: (_, row) => <StateTag row={row} /> },
    {
      key: 'actions',
      title: '操作',
      width: 110,
      render: (_, row) => (
        <Space size="small">
          <ButtonLink
            to="/user/$userId"
            params={{ userId: row.userId }}
            size="small"
            icon={<EditOutlined />}
            aria-label={`${row.userAccount}を編集`}
            title="編集"
          />
          {mayDelete(row) && (
            <DeleteButton
              size="small"
              label={`${row.userAccount}を削除`}
              description={`${fullName(row)}（${row.userAccount}）を削除します。`}
              onConfirm={() => remove(row)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <MasterPage
      title="ユーザー"
      actions={
        <>
          <ButtonLink to="/user/attribute/" icon={<TagsOutlined />}>
            ユーザータグ
          </ButtonLink>
          <ButtonLink to="/user/add" color="primary" variant="solid" icon={<PlusOutlined />}>
            新規登録
          </ButtonLink>
        </>
      }
    >
      <SearchBar
        value={search.searchText}
        placeholder="アカウント・氏名・メールアドレス"
        onSearch={(searchText) => {
          change({ searchText });
        }}
      >
        <Select<string>
          aria-label="権限で絞り込み"
          value={search.authorityName ?? null}
          onChange={(authorityName?: string) => {
            change({ authorityName });
          }}
          options={allAuthorities.map((authority) => ({ value: authority.name, label: authority.label }))}
          placeholder="権限"
          allowClear
          loading={authorities.isPending}
          popupMatchSelectWidth={false}
          style={{ flex: '1 1 140px', maxWidth: 200 }}
        />
        <GroupFilter
          placeholder="所属グループ"
          value={search.groupId}
          onChange={(groupId) => {
            change({ groupId });
          }}
        />
        <TagFilter
          value={search.attributeId}
          onChange={(attributeId) => {
            change({ attributeId });
          }}
          options={tags.data?.map((tag) => ({ value: tag.userAttributeId, label: tag.label }))}
          loading={tags.isPending}
          wideOptions
        />
        <PhoneSortSelect
          keys={USER_SORT_KEYS}
          labels={SORT_LABELS}
          sortBy={search.sortBy}
          descending={search.descending}
          onChange={onSortSelect}
        />
      </SearchBar>
      <ListTable<User>
        label="ユーザー一覧"
        rowKey={(row) => row.userId}
        columns={columns}
        {...tableProps}
        emptyText="該当するユーザーはいません"
        onSortChange={onSortChange}
        onOpen={(row) => void navigate({ to: '/user/$userId', params: { userId: row.userId } })}
        renderCard={(row) => (
          <Flex vertical gap={2}>
            <Flex justify="space-between" gap="small" wrap>
              <Typography.Text strong>{fullName(row)}</Typography.Text>
              <StateTag row={row} />
            </Flex>
            <Typography.Text type="secondary">{row.userAccount}</Typography.Text>
            <Typography.Text>
              {row.groupName}
              {row.facilityName && ` ・ ${row.facilityName}`}
            </Typography.Text>
            <AuthorityList row={row} authorities={allAuthorities} />
            <TagList row={row} />
          </Flex>
        )}
      />
    </MasterPage>
  );
}

function AuthorityList({ row, authorities }: { row: User; authorities: readonly Authority[] }) {
  return (
    <Flex gap={4} wrap>
      <Typography.Text>{authorityLabel(authorities, row.mainAuthorityName)}</Typography.Text>
      {row.subAuthorityNameList.map((name) => (
        <Tag key={name} color="blue" style={{ marginInlineEnd: 0 }}>
          {authorityLabel(authorities, name)}
        </Tag>
      ))}
    </Flex>
  );
}

function TagList({ row }: { row: User }) {
  if (row.attributeList.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {row.attributeList.map((tag) => (
        <Tag key={tag.userAttributeId} style={{ marginInlineEnd: 0 }}>
          {tag.label}
        </Tag>
      ))}
    </Flex>
  );
}

function StateTag({ row }: { row: User }) {
  return row.disabled ? (
    <Tag color="default" style={{ marginInlineEnd: 0 }}>
      無効
    </Tag>
  ) : (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      有効
    </Tag>
  );
}

import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Flex, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ButtonLink } from '@/features/masters/common/ButtonLink';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import { useHasRole, useOrganizationId } from '@/features/masters/common/session';
import { periodText, STAGE_COLORS, STAGE_LABELS, stageOn } from './model';
import { useSurveyMutations } from './mutations';
import { surveyListQuery } from './queries';
import type { SurveySearch } from './schema';
import type { SurveySummary } from './types';

interface Props {
  search: SurveySearch;
  onSearchChange: (search: SurveySearch) => void;
}

const routeApi = getRouteApi('/survey/');

/** The route's component: the screen on the URL's search state. */
export function SurveyListPage() {
  return <SurveyListScreen {...useRouteSearch<SurveySearch>(routeApi)} />;
}

const DELETE_NOTE = '回答用リンクは使えなくなります。これまでの回答は集計結果に残ります。';

function StageTag({ row }: { row: SurveySummary }) {
  const stage = stageOn(row.fromDate, row.toDate);
  return <Tag color={STAGE_COLORS[stage]}>{STAGE_LABELS[stage]}</Tag>;
}

/** /survey/: the organization's surveys, newest first, searched and paged by the server. */
export function SurveyListScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const navigate = useNavigate();
  const toasts = useMasterToasts();
  const canEdit = useHasRole('ROLE_SURVEY_REFERENCE');
  const { change, tableProps } = useListState({
    pageSizeList: 'survey',
    search,
    onSearchChange,
    query: (size) => surveyListQuery(organizationId, { searchText: searchTextQuery(search.searchText), page: search.page, size }),
  });


  const { remove: removal } = useSurveyMutations();

  const remove = async (row: SurveySummary) => {
    toasts.outcome(await removal.mutateAsync(row.surveyId));
  };

  const actions = (row: SurveySummary) => (
    <Space size="small">
      <ButtonLink
        to="/survey/$surveyId"
        params={{ surveyId: row.surveyId }}
        size="small"
        icon={<EditOutlined />}
        aria-label={`${row.surveyName}を編集`}
        title="編集"
      />
      {canEdit && (
        <DeleteButton size="small" label={`${row.surveyName}を削除`} description={DELETE_NOTE} onConfirm={() => remove(row)} />
      )}
    </Space>
  );

  const columns: TableColumnsType<SurveySummary> = [
    {
      key: 'surveyName',
      title: 'アンケート名',
      render: (_, row) => (
        <Link to="/survey/$surveyId" params={{ surveyId: row.surveyId }}>
          {row.surveyName}
        </Link>
      ),
    },
    { key: 'surveyTitle', title: 'タイトル', dataIndex: 'surveyTitle' },
    { key: 'period', title: '期間', render: (_, row) => periodText(row.fromDate, row.toDate) },
    { key: 'stage', title: '状態', width: 90, render: (_, row) => <StageTag row={row} /> },
    { key: 'facilityCount', title: '対象店舗数', dataIndex: 'facilityCount', align: 'right', width: 110 },
    { key: 'answerCount', title: '回答数', dataIndex: 'answerCount', align: 'right', width: 90 },
    { key: 'actions', title: '操作', width: 110, render: (_, row) => actions(row) },
  ];

  return (
    <MasterPage
      title="アンケート"
      actions={
        canEdit ? (
          <ButtonLink to="/survey/add" color="primary" variant="solid" icon={<PlusOutlined />}>
            新規登録
          </ButtonLink>
        ) : undefined
      }
    >
      <SearchBar
        value={search.searchText}
        placeholder="アンケート名・タイトル"
        onSearch={(searchText) => {
          change({ searchText });
        }}
      />
      <ListTable<SurveySummary>
        label="アンケート一覧"
        rowKey={(row) => row.surveyId}
        columns={columns}
        {...tableProps}
        emptyText="該当するアンケートはありません"
        onOpen={(row) => void navigate({ to: '/survey/$surveyId', params: { surveyId: row.surveyId } })}
        renderCard={(row) => (
          <Flex vertical gap={2}>
            <Flex gap="small" align="center" wrap>
              <Typography.Text strong>{row.surveyName}</Typography.Text>
              <StageTag row={row} />
            </Flex>
            <Typography.Text type="secondary">{periodText(row.fromDate, row.toDate)}</Typography.Text>
            <Typography.Text>
              {row.facilityCount}店舗・回答{row.answerCount}件
            </Typography.Text>
          </Flex>
        )}
      />
    </MasterPage>
  );
}

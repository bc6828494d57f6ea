import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Input, Pagination, Skeleton, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { searchTextQuery } from '@/shared/list/listSearch';
import { TOTAL } from '@/shared/list/texts';
import { QueryError } from '@/shared/feedback/QueryError';
import type { SurveyResultFilter } from './api';
import { NPS_COLORS, segmentOf } from './colors';
import { dateTimeText } from './format';
import { surveyCommentsQuery } from './queries';
import type { SurveyComment } from './types';

const COMMENT_PAGE_SIZE = 10;

/** The free-text answers of a survey under the screen's filters, newest first, with search and paging. */
export function CommentList({
  organizationId,
  surveyId,
  filter,
}: {
  organizationId: number;
  surveyId: number;
  filter: SurveyResultFilter;
}) {
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  // Other filters of the screen start the comments again at the first page.
  const filterKey = JSON.stringify(filter);
  const [shownFilter, setShownFilter] = useState(filterKey);
  if (shownFilter !== filterKey) {
    setShownFilter(filterKey);
    setPage(1);
  }
  const comments = useQuery(
    surveyCommentsQuery(organizationId, surveyId, {
      ...filter,
      searchText: searchTextQuery(searchText),
      page,
      size: COMMENT_PAGE_SIZE,
    }),
  );

  return (
    <Flex vertical gap="small">
      <Input.Search
        aria-label="コメントを検索"
        placeholder="コメントを検索"
        allowClear
        enterButton
        onSearch={(text) => {
          setSearchText(text);
          setPage(1);
        }}
        style={{ maxWidth: 420 }}
      />
      {comments.isError && !comments.data ? (
        <QueryError
          error={comments.error}
          onRetry={() => {
            void comments.refetch();
          }}
        />
      ) : (
        <CommentItems
          comments={comments.data?.items}
          fetching={comments.isFetching && comments.isPlaceholderData}
          total={comments.data?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
    </Flex>
  );
}

function CommentItems({
  comments,
  fetching,
  total,
  page,
  onPageChange,
}: {
  /** undefined while the first page loads. */
  comments: readonly SurveyComment[] | undefined;
  fetching: boolean;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  if (comments === undefined) {
    return (
      <div aria-busy="true" aria-label="コメント一覧">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (comments.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="該当するコメントはありません" />;
  }
  return (
    <Spin spinning={fetching}>
      <ul aria-label="コメント一覧" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {comments.map((comment) => (
          <li
            key={`${String(comment.answerId)}-${String(comment.questionId)}`}
            style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
          >
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{comment.text}</Typography.Paragraph>
            <Flex gap="small" wrap align="center" style={{ fontSize: 12, marginTop: 4 }}>
              {comment.npsScore !== null && comment.npsScore !== undefined && (
                <Tag color={NPS_COLORS[segmentOf(comment.npsScore)]} style={{ marginInlineEnd: 0 }}>
                  おすすめ度 {comment.npsScore}
                </Tag>
              )}
              <Typography.Text type="secondary">{comment.facilityName}</Typography.Text>
              <Typography.Text type="secondary">{dateTimeText(comment.answeredAt)}</Typography.Text>
              <Typography.Text type="secondary">{comment.question}</Typography.Text>
              {comment.mailAddress && <Typography.Text copyable>{comment.mailAddress}</Typography.Text>}
            </Flex>
          </li>
        ))}
      </ul>
      {total > COMMENT_PAGE_SIZE && (
        <Flex justify="end" style={{ marginTop: 12 }}>
          <Pagination
            size="small"
            current={page}
            pageSize={COMMENT_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showTotal={TOTAL}
            onChange={onPageChange}
          />
        </Flex>
      )}
    </Spin>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Input, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { searchTextQuery } from '@/features/masters/common/listSearch';
import { TOTAL } from '@/features/masters/common/messages';
import { QueryError } from '@/features/masters/common/QueryError';
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
        placeholder="コメント・店舗名で検索"
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
        <List<SurveyComment>
          aria-label="コメント一覧"
          loading={comments.isPending || (comments.isFetching && comments.isPlaceholderData)}
          dataSource={comments.data?.items ?? []}
          rowKey={(comment) => `${String(comment.answerId)}-${String(comment.questionId)}`}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="該当するコメントはありません" /> }}
          pagination={
            (comments.data?.total ?? 0) > COMMENT_PAGE_SIZE
              ? {
                  current: page,
                  pageSize: COMMENT_PAGE_SIZE,
                  total: comments.data?.total ?? 0,
                  showSizeChanger: false,
                  showTotal: TOTAL,
                  size: 'small',
                  onChange: setPage,
                }
              : false
          }
          renderItem={(comment) => (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{comment.text}</Typography.Paragraph>
                <Flex gap="small" wrap align="center" style={{ fontSize: 12 }}>
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
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}

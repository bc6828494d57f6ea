import { Card, Empty, Flex, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PhotoStrip } from '@/shared/photo/PhotoStrip';
import { answeredScale, answerState, bestScore, chosen, dateText } from './format';
import type { SheetCategory, SheetItem } from './types';

interface Props {
  categories: readonly SheetCategory[];
  organizationId: number;
  /** What an answered item offers beside it (head office's 改善報告を作成). */
  renderAction?: ((item: SheetItem) => ReactNode) | undefined;
}

/** The sheet's answers, a card per category, bad results highlighted. */
export function AnswerList({ categories, organizationId, renderAction }: Props) {
  if (categories.every((category) => category.itemList.length === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="チェック項目はありません" />;
  }
  return (
    <Flex vertical gap="middle">
      {categories.map((category) => (
        <Card
          key={category.categoryId}
          size="small"
          title={category.categoryName}
          styles={{ body: { padding: 0 } }}
          role="region"
          aria-label={category.categoryName}
        >
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {category.itemList.map((item) => (
              <AnswerItem key={item.itemId} item={item} organizationId={organizationId} action={answerState(item) === 'unanswered' ? null : renderAction?.(item)} />
            ))}
          </ul>
        </Card>
      ))}
    </Flex>
  );
}

function AnswerItem({ item, organizationId, action }: { item: SheetItem; organizationId: number; action?: ReactNode }) {
  const { token } = theme.useToken();
  const state = answerState(item);
  const choice = chosen(item);
  const bad = choice?.bad ?? false;
  const answer = item.answer;
  const question = item.answeredAs?.question ?? item.question;
  const photos = answer?.photoIdList ?? [];
  return (
    <li
      aria-label={question}
      data-bad={bad || undefined}
      style={{
        padding: '12px 16px',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        borderInlineStart: `4px solid ${bad ? token.colorError : 'transparent'}`,
        background: bad ? token.colorErrorBg : undefined,
      }}
    >
      <Flex justify="space-between" align="start" gap="small" wrap>
        <Flex vertical gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography.Text strong>{question}</Typography.Text>
          {question !== item.question && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              現在の設問: {item.question}
            </Typography.Text>
          )}
          {item.explanation && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.explanation}
            </Typography.Text>
          )}
        </Flex>
        <Flex gap={4} wrap align="center">
          {state === 'unanswered' && <Tag color="warning">未回答</Tag>}
          {state === 'inapplicable' && <Tag>該当なし</Tag>}
          {state === 'answered' && answer && (
            <>
              <Tag color={bad ? 'error' : 'success'} style={{ fontSize: 14 }}>
                回答: {answer.choice}
                {choice && `（${choice.score}/${bestScore(answeredScale(item))}点）`}
              </Tag>
              {bad && <Tag color="error" variant="solid">要改善</Tag>}
            </>
          )}
          {item.photoRequired && <Tag variant="outlined">写真必須</Tag>}
        </Flex>
      </Flex>
      {answer?.comment && (
        <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>
          <Typography.Text type="secondary">コメント: </Typography.Text>
          {answer.comment}
        </Typography.Paragraph>
      )}
      <PhotoStrip photoIds={photos} organizationId={organizationId} label={question} />
      {action && <div style={{ marginTop: 8 }}>{action}</div>}
      {answer?.inputDate && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          入力日 {dateText(answer.inputDate)}
        </Typography.Text>
      )}
    </li>
  );
}

import { Flex, Progress as ProgressBar, Tag, Typography } from 'antd';
import { PROGRESS_COLORS, PROGRESS_LABELS, scorePercent } from './format';
import type { Progress } from './types';

/** The progress as a coloured tag, with 提出済 once the store submitted the sheet. */
export function ProgressTag({ progress, submitted = false }: { progress: Progress; submitted?: boolean }) {
  return (
    <Flex gap={4} wrap>
      <Tag color={PROGRESS_COLORS[progress]} style={{ marginInlineEnd: 0 }}>
        {PROGRESS_LABELS[progress]}
      </Tag>
      {submitted && (
        <Tag color="green" variant="outlined" style={{ marginInlineEnd: 0 }}>
          提出済
        </Tag>
      )}
    </Flex>
  );
}

/** Answered of total as text and a small bar. */
export function CountBar({ answered, total, width = 120 }: { answered: number; total: number; width?: number }) {
  const percent = total > 0 ? Math.round((answered * 100) / total) : 0;
  return (
    <Flex vertical gap={0} style={{ width }}>
      <Typography.Text>
        {answered} / {total}
      </Typography.Text>
      <ProgressBar
        percent={percent}
        size="small"
        showInfo={false}
        status={answered >= total && total > 0 ? 'success' : 'normal'}
        aria-label={`回答 ${answered} / ${total}`}
      />
    </Flex>
  );
}

/**
 * The score as a percentage with its points, or '－' while nothing scored is answered. A sheet still
 * being answered is scored over its answered items only, so 100% of 1 item in 6 would read as
 * perfect: it is marked 途中 with how many items the score covers.
 */
export function ScoreText({
  score,
  possibleScore,
  answered,
  total,
}: {
  score: number;
  possibleScore: number;
  answered: number;
  total: number;
}) {
  const percent = scorePercent(score, possibleScore);
  if (percent === null) return <Typography.Text type="secondary">－</Typography.Text>;
  const partial = answered < total;
  return (
    <Typography.Text>
      {partial && (
        <Tag color="default" style={{ marginInlineEnd: 4 }}>
          途中
        </Tag>
      )}
      {percent}%
      <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 12 }}>
        ({score}/{possibleScore}点{partial ? `・${answered}/${total}問の時点` : ''})
      </Typography.Text>
    </Typography.Text>
  );
}

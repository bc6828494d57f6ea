import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { periodText, scoreChange } from './format';
import { CountBar, ProgressTag, ScoreText } from './parts';
import type { PeriodResult } from './types';

interface Props {
  /** This and earlier periods, newest first (as the server sends them). */
  history: readonly PeriodResult[];
  /** The period whose answers the screen shows. */
  currentPeriodId: number;
  /** Shows the answers of another period. */
  onSelect?: ((periodId: number) => void) | undefined;
}

function Change({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">－</Typography.Text>;
  if (value === 0) return <Typography.Text type="secondary">±0pt</Typography.Text>;
  return <Typography.Text type={value > 0 ? 'success' : 'danger'}>{value > 0 ? `+${value}pt` : `${value}pt`}</Typography.Text>;
}

/** The store's earlier periods of the same check list, for comparison. */
export function HistoryList({ history, currentPeriodId, onSelect }: Props) {
  const isPhone = useIsMobile();
  const indexOf = new Map(history.map((row, index) => [row.periodId, index]));
  const change = (row: PeriodResult) => scoreChange(history, indexOf.get(row.periodId) ?? -1);
  const period = (row: PeriodResult) => {
    const text = periodText(row.fromDate, row.toDate);
    const shown = row.periodId === currentPeriodId;
    return (
      <Flex gap={4} wrap align="center">
        {shown || !onSelect ? (
          <span>{text}</span>
        ) : (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            aria-label={`${text}の回答を表示`}
            onClick={() => {
              onSelect(row.periodId);
            }}
          >
            {text}
          </Button>
        )}
        {shown && <Tag color="blue">表示中</Tag>}
      </Flex>
    );
  };

  if (isPhone) {
    return (
      <ul aria-label="実施履歴" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {history.map((row) => (
          <li key={row.periodId} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
            <Flex vertical gap={4}>
              <Flex justify="space-between" gap="small" wrap>
                {period(row)}
                <ProgressTag progress={row.progress} submitted={row.submitted} />
              </Flex>
              <Flex justify="space-between" align="end" gap="small" wrap>
                <CountBar answered={row.answeredCount} total={row.totalCount} />
                <Flex gap="small" align="baseline">
                  <ScoreText score={row.score} possibleScore={row.possibleScore} answered={row.answeredCount} total={row.totalCount} />
                  <Change value={change(row)} />
                </Flex>
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
    );
  }

  const columns: TableColumnsType<PeriodResult> = [
    { key: 'period', title: '期間', render: (_, row) => period(row) },
    { key: 'progress', title: '進捗', render: (_, row) => <ProgressTag progress={row.progress} submitted={row.submitted} /> },
    { key: 'count', title: '回答数', render: (_, row) => <CountBar answered={row.answeredCount} total={row.totalCount} /> },
    { key: 'score', title: 'スコア', render: (_, row) => <ScoreText score={row.score} possibleScore={row.possibleScore} answered={row.answeredCount} total={row.totalCount} /> },
    { key: 'change', title: '前回比', render: (_, row) => <Change value={change(row)} /> },
  ];
  return (
    <Table<PeriodResult>
      aria-label="実施履歴"
      rowKey="periodId"
      columns={columns}
      dataSource={history}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
    />
  );
}

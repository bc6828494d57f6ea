import { Empty, Table, type TableColumnsType } from 'antd';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { NpsStackedBar } from './charts';
import { NpsValue } from './parts';
import type { RankRow } from './types';

/** Stores or groups by NPS, highest first (as the server orders them). */
export function Ranking({ rows, label, nameTitle }: { rows: readonly RankRow[]; label: string; nameTitle: string }) {
  const isPhone = useIsMobile();
  const columns: TableColumnsType<RankRow> = [
    { key: 'rank', title: '順位', width: 56, render: (_, _row, index) => index + 1 },
    { key: 'name', title: nameTitle, dataIndex: 'name' },
    { key: 'answers', title: '回答数', align: 'right', render: (_, row) => `${String(row.answerCount)}件` },
    { key: 'nps', title: 'NPS', align: 'right', render: (_, row) => <NpsValue nps={row.nps} strong /> },
    ...(isPhone
      ? []
      : [
          {
            key: 'split',
            title: '推奨者 / 中立者 / 批判者',
            render: (_: unknown, row: RankRow) => <NpsStackedBar tally={row} width={180} />,
          },
        ]),
  ];
  return (
    <Table<RankRow>
      aria-label={label}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...rows]}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="回答のある店舗はありません" /> }}
    />
  );
}

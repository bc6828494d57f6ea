import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN_KEY, desktopLayout } from './tableLayout';

interface Row {
  name: string;
}

describe('a desktop list table in its area', () => {
  const columns: TableColumnsType<Row> = [
    { key: 'date', title: '依頼日時', width: 140 },
    { key: 'name', title: 'ファイル' },
    { key: ACTIONS_COLUMN_KEY, title: '操作', width: 190 },
  ];

  it('keeps the operations column on the right, whatever the list', () => {
    const { columns: shown } = desktopLayout(columns);
    expect(shown.map((column) => column.fixed)).toEqual([undefined, undefined, 'right']);
    expect(columns[2]?.fixed).toBeUndefined(); // the screen's own columns are left alone
  });

  it('wraps long texts to the area before scrolling sideways (no max-content width)', () => {
    expect(desktopLayout(columns)).toMatchObject({ scroll: { x: true }, tableLayout: 'auto' });
  });

  it('cuts ellipsized columns short in the area, scrolling only below the sum of the widths', () => {
    const shortened: TableColumnsType<Row> = [
      { key: 'status', title: '状態', width: 120 },
      { key: 'subject', title: '件名', ellipsis: { showTitle: false } },
      { key: 'store', title: '店舗', width: 110, ellipsis: true },
    ];
    // The subject, without a width of its own, keeps at least 120 px.
    expect(desktopLayout(shortened)).toMatchObject({ scroll: { x: 'max(100%, 350px)' }, tableLayout: 'fixed' });
  });

  it('limits the plain-text cells of every column but the operations and an ellipsized one', () => {
    const render = (_: unknown, row: Row) => row.name;
    const { columns: shown } = desktopLayout<Row>([
      { key: 'name', title: '店舗名', dataIndex: 'name' },
      { key: 'kana', title: 'カナ', render },
      { key: 'subject', title: '件名', ellipsis: true, render },
      { key: ACTIONS_COLUMN_KEY, title: '操作', render },
    ]);
    const row = { name: '新宿駅前店'.repeat(12) };
    const cell = (index: number) => shown[index]?.render?.(row.name, row, 0);
    // The dataIndex column's value and the rendered text, each in the width-limited span.
    expect(cell(0)).toMatchObject({ props: { text: row.name, children: row.name } });
    expect(cell(1)).toMatchObject({ props: { text: row.name } });
    // Cut by antd itself, and the buttons' column, as the screen wrote them.
    expect(cell(2)).toBe(row.name);
    expect(cell(3)).toBe(row.name);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { viewport } from '@/test/viewport';
import { ListTable, type ListTableProps } from './ListTable';
import { readListPageSize, writeListPageSize } from './pageSize';

interface Row {
  id: number;
  name: string;
}

function renderTable(props: Partial<ListTableProps<Row>> = {}) {
  const onPageChange = vi.fn();
  const onSortChange = vi.fn();
  renderWithProviders(
    <ListTable<Row>
      label="店舗一覧"
      rowKey={(row) => row.id}
      columns={[{ key: 'name', title: '店舗名', dataIndex: 'name', sorter: true, sortOrder: null }]}
      items={[
        { id: 1, name: '新宿駅前店' },
        { id: 2, name: '渋谷公園通り店' },
      ]}
      total={25}
      page={1}
      size={10}
      emptyText="該当する店舗はありません"
      onPageChange={onPageChange}
      onSortChange={onSortChange}
      renderCard={(row) => <span>カード {row.name}</span>}
      {...props}
    />,
  );
  return { onPageChange, onSortChange };
}

/** The phone card of the row whose card shows `text`. */
function cardOf(text: string): HTMLElement {
  const card = screen.getByText(text).closest('li');
  if (!card) throw new Error(`no card shows ${text}`);
  return card;
}

describe('ListTable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a table with the total as N件 on a desktop', () => {
    viewport(1280);
    renderTable();
    const table = screen.getByRole('table');
    expect(within(table).getByText('新宿駅前店')).toBeInTheDocument();
    expect(screen.getByText('25件')).toBeInTheDocument();
    expect(screen.queryByTestId('master-card-list')).not.toBeInTheDocument();
  });

  it('turns rows into cards below 576 px', () => {
    viewport(375);
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: '店舗一覧' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('カード 新宿駅前店')).toBeInTheDocument();
    expect(screen.getByText('25件')).toBeInTheDocument();
  });

  it('keeps the table at 576 px', () => {
    viewport(576);
    renderTable();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows the empty state, on a phone too', () => {
    viewport(1280);
    renderTable({ items: [], total: 0 });
    expect(screen.getByText('該当する店舗はありません')).toBeInTheDocument();
  });

  it('shows the empty state on a phone', () => {
    viewport(375);
    renderTable({ items: [], total: 0 });
    expect(screen.getByText('該当する店舗はありません')).toBeInTheDocument();
    expect(screen.queryByTestId('master-card-list')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the first page loads', () => {
    viewport(1280);
    renderTable({ items: undefined });
    expect(screen.getByLabelText('店舗一覧')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through the server and reports a column sort', async () => {
    viewport(1280);
    const user = userEvent.setup();
    const { onPageChange, onSortChange } = renderTable();
    await user.click(screen.getByTitle('2'));
    expect(onPageChange).toHaveBeenCalledWith(2, 10);
    await user.click(screen.getByRole('columnheader', { name: /店舗名/ }));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', descending: false });
  });

  it('keeps the operations column on the right edge while the table scrolls sideways', () => {
    viewport(1280);
    renderTable({
      columns: [
        { key: 'name', title: '店舗名', dataIndex: 'name' },
        { key: 'actions', title: '操作', width: 110, render: () => <button type="button">編集</button> },
      ],
    });
    const actions = screen.getByRole('columnheader', { name: '操作' });
    expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    expect(screen.getByRole('columnheader', { name: '店舗名' }).className).not.toMatch(/ant-table-cell-fix/);
  });

  it('marks the row shown beside the list as selected, and only that one', () => {
    viewport(1280);
    renderTable({ selectedKey: 2 });
    const selected = screen.getByText('渋谷公園通り店').closest('tr');
    const other = screen.getByText('新宿駅前店').closest('tr');
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(selected).toHaveClass('ant-table-row-selected');
    expect(other).toHaveAttribute('aria-selected', 'false');
    expect(other).not.toHaveClass('ant-table-row-selected');
  });

  it('marks no row when the list stands alone', () => {
    viewport(1280);
    renderTable();
    expect(screen.getByText('新宿駅前店').closest('tr')).not.toHaveAttribute('aria-selected');
  });

  it('shows the actions column on each phone card as on the desktop row, without opening the row', async () => {
    viewport(375);
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    renderTable({
      onOpen,
      columns: [
        { key: 'name', title: '店舗名', dataIndex: 'name' },
        {
          key: 'actions',
          title: '操作',
          render: (_, row) => (
            <>
              <button type="button" onClick={() => { onEdit(row.id); }}>
                {row.name}を編集
              </button>
              <button type="button">{row.name}を削除</button>
            </>
          ),
        },
      ],
    });
    const shinjuku = within(cardOf('カード 新宿駅前店'));
    const shibuya = within(cardOf('カード 渋谷公園通り店'));
    expect(shinjuku.getByRole('button', { name: '新宿駅前店を編集' })).toBeInTheDocument();
    expect(shinjuku.getByRole('button', { name: '新宿駅前店を削除' })).toBeInTheDocument();
    expect(shibuya.getByRole('button', { name: '渋谷公園通り店を編集' })).toBeInTheDocument();
    await user.click(shibuya.getByRole('button', { name: '渋谷公園通り店を編集' }));
    expect(onEdit).toHaveBeenCalledWith(2);
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(shibuya.getByText('カード 渋谷公園通り店'));
    expect(onOpen).toHaveBeenCalledWith({ id: 2, name: '渋谷公園通り店' });
    // The blank space beside the buttons is the card's too.
    onOpen.mockClear();
    const operationsRow = cardOf('カード 新宿駅前店').querySelector('.rouder-row-card')?.lastElementChild;
    if (!operationsRow) throw new Error('no operations row');
    await user.click(operationsRow);
    expect(onOpen).toHaveBeenCalledWith({ id: 1, name: '新宿駅前店' });
  });

  it('leaves a card without operations where its actions column renders none for the row', () => {
    viewport(375);
    renderTable({
      columns: [
        { key: 'name', title: '店舗名', dataIndex: 'name' },
        { key: 'actions', title: '操作', render: (_, row) => row.id === 1 && <button type="button">削除</button> },
      ],
    });
    expect(within(cardOf('カード 新宿駅前店')).getByRole('button', { name: '削除' })).toBeInTheDocument();
    const shibuya = cardOf('カード 渋谷公園通り店');
    expect(within(shibuya).queryByRole('button')).not.toBeInTheDocument();
    // No empty operations row under the card's text.
    expect(shibuya.querySelector('.rouder-row-card')?.childElementCount).toBe(1);
  });

  it('puts a long name in the width-limited cell on a desktop', () => {
    const long = 'とても長い店舗名'.repeat(8);
    viewport(1280);
    renderTable({ items: [{ id: 1, name: long }], total: 1 });
    expect(within(screen.getByRole('table')).getByText(long)).toHaveClass('rouder-cell-text');
  });

  it('marks a row pointed out (a tag just added) without selecting it, on a phone too', () => {
    viewport(1280);
    renderTable({ highlightedKey: 2 });
    expect(screen.getByText('渋谷公園通り店').closest('tr')).toHaveClass('rouder-row-highlighted');
    expect(screen.getByText('渋谷公園通り店').closest('tr')).not.toHaveAttribute('aria-selected');
    expect(screen.getByText('新宿駅前店').closest('tr')).not.toHaveClass('rouder-row-highlighted');
  });

  it('marks the card pointed out on a phone', () => {
    viewport(375);
    renderTable({ highlightedKey: 2 });
    expect(cardOf('カード 渋谷公園通り店').querySelector('.rouder-row-card')).toHaveClass('rouder-row-highlighted');
    expect(cardOf('カード 新宿駅前店').querySelector('.rouder-row-card')).not.toHaveClass('rouder-row-highlighted');
  });

  it('shows a failure instead of rows', () => {
    viewport(1280);
    renderTable({ error: <p>読めませんでした</p> });
    expect(screen.getByText('読めませんでした')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('page size preferences of the master lists', () => {
  it('keeps facility and group through the shell module, terminal and tags beside them', () => {
    expect(readListPageSize('facility')).toBe(10);
    writeListPageSize('facility', 50);
    writeListPageSize('terminal', 20);
    writeListPageSize('facilityAttribute', 7); // not offered: ignored
    expect(localStorage.getItem('rouder_pageSize.facility')).toBe('50');
    expect(localStorage.getItem('rouder_pageSize.terminal')).toBe('20');
    expect(readListPageSize('terminal')).toBe(20);
    expect(readListPageSize('facilityAttribute')).toBe(10);
    expect(readListPageSize('group')).toBe(10);
  });
});

import { Empty, Flex, Pagination, Skeleton, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import { isValidElement, type Key, type ReactNode } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import './list.css';
import { PAGE_SIZE_OPTIONS } from './pageSize';
import { ACTIONS_COLUMN_KEY, desktopLayout } from './tableLayout';
import { TOTAL } from './texts';

/** A column sort as the list's search state holds it. */
export interface SortChange {
  /** The column key, or null when the user turned sorting off (back to the default). */
  field: string | null;
  descending: boolean;
}

export interface ListTableProps<T> {
  /** Names the list for assistive technology (and tests). */
  label: string;
  rowKey: (row: T) => Key;
  columns: TableColumnsType<T>;
  /** undefined while the first page is loading. */
  items: readonly T[] | undefined;
  total: number;
  page: number;
  size: number;
  /** A later page is being fetched (the current rows stay visible meanwhile). */
  fetching?: boolean;
  /** The empty state's text, e.g. '該当する店舗はありません'. */
  emptyText: string;
  /** A failure to show instead of rows. */
  error?: ReactNode;
  onPageChange: (page: number, size: number) => void;
  onSortChange?: (sort: SortChange) => void;
  /**
   * One row as a card on a phone (docs/product/shell.md breakpoint 'sm', < 576 px). The card shows the
   * actions column (ACTIONS_COLUMN_KEY) under it by itself, so this leaves the row's buttons out.
   */
  renderCard: (row: T) => ReactNode;
  /** Opens a row (the card's tap on a phone). */
  onOpen?: (row: T) => void;
  /** The row shown beside the list (a split view): highlighted and marked selected. */
  selectedKey?: Key | undefined;
  /** A row to point out (one just added), highlighted without being selected. */
  highlightedKey?: Key | undefined;
}

/**
 * A list screen's rows: an antd Table paged by the server (sizes 10/20/50/100, 'N件')
 * with a skeleton while the first page loads, and an Empty state. Below 576 px the rows become
 * cards with the same paging and the same operations, so the list works on a phone.
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const isPhone = useIsMobile();
  const { items, error, emptyText } = props;
  if (error) return <>{error}</>;
  if (items === undefined) {
    return (
      <div aria-busy="true" aria-label={props.label}>
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return isPhone ? <CardList {...props} items={items} empty={empty} /> : <DesktopTable {...props} items={items} empty={empty} />;
}

function paginationOf<T>(props: ListTableProps<T>) {
  const { page, size, total, onPageChange } = props;
  return {
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: TOTAL,
    onChange: (nextPage: number, nextSize: number) => {
      // A new page size starts again from the first page.
      onPageChange(nextSize === size ? nextPage : 1, nextSize);
    },
  };
}

type ShownProps<T> = ListTableProps<T> & { items: readonly T[]; empty: ReactNode };

/**
 * Where a narrowed table may wrap: headers not at all, cells between words only (at spaces and
 * punctuation, not inside a Japanese word, which would leave 所/属/グ/ル/ー/プ in a narrow column; list.css
 * does the same for antd's Typography). A text meant to break anywhere, as a file name, says so itself.
 */
/** list.css's look of ListTableProps.highlightedKey's row or card. */
const HIGHLIGHTED = 'rouder-row-highlighted';

const WRAPPING = { header: { cell: { whiteSpace: 'nowrap' } }, body: { cell: { wordBreak: 'keep-all' } } } as const;

function DesktopTable<T extends object>(props: ShownProps<T>) {
  const { label, rowKey, items, fetching = false, empty, onSortChange, selectedKey, highlightedKey } = props;
  const { columns, scroll, tableLayout } = desktopLayout(props.columns);
  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || !onSortChange) return;
    const first = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = first?.order ? String(first.columnKey ?? first.field ?? '') || null : null;
    onSortChange({ field, descending: first?.order === 'descend' });
  };
  return (
    <Table<T>
      className="rouder-list-table"
      aria-label={label}
      rowKey={rowKey}
      columns={columns}
      dataSource={items}
      loading={fetching}
      locale={{ emptyText: empty }}
      pagination={{ ...paginationOf(props), hideOnSinglePage: false, showQuickJumper: false }}
      onChange={onChange}
      scroll={scroll}
      tableLayout={tableLayout}
      styles={WRAPPING}
      size="middle"
      {...(selectedKey === undefined && highlightedKey === undefined
        ? {}
        : {
            // antd's own look of a selected row (rowSelection's), without its checkboxes.
            rowClassName: (row: T) =>
              rowKey(row) === selectedKey ? 'ant-table-row-selected' : rowKey(row) === highlightedKey ? HIGHLIGHTED : '',
          })}
      {...(selectedKey === undefined ? {} : { onRow: (row: T) => ({ 'aria-selected': rowKey(row) === selectedKey }) })}
    />
  );
}

/**
 * A cell's content as a column renders it: its node, or the children of a cell that sets its own
 * props ({ children, props }, antd's RenderedCell).
 */
function cellContent(cell: unknown): ReactNode {
  if (cell !== null && typeof cell === 'object' && !isValidElement(cell) && !('$$typeof' in cell) && 'children' in cell) {
    return cell.children as ReactNode;
  }
  return cell as ReactNode;
}

const isNothing = (node: ReactNode) => node === undefined || node === null || node === false || node === '';

function CardList<T extends object>(props: ShownProps<T>) {
  const { label, rowKey, items, fetching = false, empty, renderCard, onOpen, total, highlightedKey } = props;
  // A card offers the operations its desktop row offers (編集, 削除, ダウンロード…), whichever list it is in.
  const operationsOf = props.columns.find((column) => column.key === ACTIONS_COLUMN_KEY)?.render;
  return (
    <Spin spinning={fetching}>
      <Flex vertical gap="small">
        {items.length === 0 ? (
          empty
        ) : (
          <ul aria-label={label} data-testid="master-card-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((row, index) => {
              const operations = cellContent(operationsOf?.(undefined, row, index));
              return (
                <li key={rowKey(row)} style={{ marginBottom: 8 }}>
                  {/* antd's small Card drawn by list.css: its Card would bring its Tabs along (13 kB gzip
                      on every list screen; docs/benchmarks.md). */}
                  <div
                    className={rowKey(row) === highlightedKey ? `rouder-row-card ${HIGHLIGHTED}` : 'rouder-row-card'}
                    data-opens={onOpen !== undefined || undefined}
                    onClick={
                      onOpen
                        ? () => {
                            onOpen(row);
                          }
                        : undefined
                    }
                  >
                    {renderCard(row)}
                    {!isNothing(operations) && (
                      <Flex justify="flex-end" style={{ marginTop: 8 }}>
                        <Flex
                          wrap
                          gap="small"
                          align="center"
                          // A tap on an operation, or in its confirmation (a portal, whose clicks still
                          // bubble through React), is not a tap on the card that opens the row; the
                          // card's blank space beside them still is.
                          onClick={(event) => {
                            event.stopPropagation();
                          }}
                        >
                          {operations}
                        </Flex>
                      </Flex>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {total > 0 && (
          <Pagination {...paginationOf(props)} size="small" align="center" showLessItems />
        )}
      </Flex>
    </Spin>
  );
}

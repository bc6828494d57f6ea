import type { TableColumnsType } from 'antd';
import { shortenedCell } from './cellText';

/**
 * The key of a list's operations column (編集, 削除, ダウンロード…). ListTable keeps that column on the
 * right edge, so the row's actions stay in sight when the list is wider than its area.
 */
export const ACTIONS_COLUMN_KEY = 'actions';

/** The least width a column without a width of its own gets in a table with ellipsized columns. */
const SHORTENED_MIN_WIDTH = 120;

type Column<T> = TableColumnsType<T>[number];

/**
 * A column whose plain-text cells (a name, a link with a name, a date) are at most 20em
 * wide (list.css): a name without spaces would otherwise widen the column past its area, since
 * cells wrap only between words. A column that is ellipsized itself, or groups others, is left as is.
 */
function withShortenedText<T>(column: Column<T>): Column<T> {
  if (column.ellipsis || 'children' in column) return column;
  const render = column.render;
  return {
    ...column,
    render: (value: unknown, row: T, index: number) => shortenedCell(render ? render(value, row, index) : value) as ReturnType<NonNullable<Column<T>['render']>>,
  };
}

/**
 * How a desktop table meets its area: long texts wrap (the table is only as wide as its area and
 * scrolls sideways only when its columns cannot get narrower), a text cell is at most 20em
 * wide (a longer word is cut with an ellipsis, whole in its title), and the operations column stays
 * on the right edge. A table with ellipsized columns takes the area's width in the fixed layout, the only one
 * in which a cell's text is cut short instead of widening its column; it scrolls only below the sum
 * of its columns' widths (SHORTENED_MIN_WIDTH for those without one).
 */
export function desktopLayout<T>(columns: TableColumnsType<T>) {
  const shown = columns.map((column) =>
    column.key === ACTIONS_COLUMN_KEY ? { ...column, fixed: 'right' as const } : withShortenedText(column),
  );
  if (!columns.some((column) => Boolean(column.ellipsis))) {
    return { columns: shown, scroll: { x: true as const }, tableLayout: 'auto' as const };
  }
  const least = columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : SHORTENED_MIN_WIDTH), 0);
  return { columns: shown, scroll: { x: `max(100%, ${String(least)}px)` }, tableLayout: 'fixed' as const };
}

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space, type FormListFieldData } from 'antd';
import type { ReactNode } from 'react';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { SortableList, SortableRow } from './Sortable';

interface MoveButtonsProps {
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  move: (from: number, to: number) => void;
}

/** Up and down, for keyboard users and anyone who would rather not drag. */
function MoveButtons({ label, index, count, disabled, move }: MoveButtonsProps) {
  return (
    <>
      <Button
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`${label}を上へ移動`}
        title="上へ移動"
        disabled={disabled || index === 0}
        onClick={() => {
          move(index, index - 1);
        }}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`${label}を下へ移動`}
        title="下へ移動"
        disabled={disabled || index === count - 1}
        onClick={() => {
          move(index, index + 1);
        }}
      />
    </>
  );
}

/** What a row is given to place: its drag handle and its move/delete buttons. */
export interface RowParts {
  /** Undefined when the rows are locked. */
  handle: ReactNode;
  /** Up, down and delete; null when the rows are locked. */
  tools: ReactNode;
}

export interface SortableFieldsProps {
  /** The rows of an antd Form.List (or a run of them). */
  fields: readonly FormListFieldData[];
  /** Prefix of the rows' drag ids, unique in the form: 'category', 'item'. */
  idPrefix: string;
  /** What a row is called in the drag announcements: 'カテゴリ', '項目', '質問'. */
  noun: string;
  /** A row's name for assistive technology, by its index in `fields`: 'カテゴリ2', '衛生 項目1'. */
  labelOf: (index: number) => string;
  /** Form.List's operations, with indexes into `fields`. */
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  /** Extra words under the delete question. */
  deleteDescription?: string;
  disabled: boolean;
  /** Rows that stay as they are (no handle, no buttons): a fixed question. */
  locked?: boolean;
  renderRow: (field: FormListFieldData, index: number, parts: RowParts) => ReactNode;
}

/**
 * The rows of a Form.List, reordered by dragging a handle or with up/down buttons and removed
 * behind the delete question. Each row is drawn by `renderRow`, which places the handle and the
 * buttons.
 */
export function SortableFields({
  fields,
  idPrefix,
  noun,
  labelOf,
  move,
  remove,
  deleteDescription,
  disabled,
  locked = false,
  renderRow,
}: SortableFieldsProps) {
  const idOf = (field: FormListFieldData) => `${idPrefix}-${field.key}`;
  return (
    <SortableList ids={fields.map(idOf)} noun={noun} onMove={move}>
      {fields.map((field, index) => {
        const label = labelOf(index);
        return (
          <SortableRow key={field.key} id={idOf(field)} handleLabel={`${label}をドラッグして並べ替え`} disabled={disabled || locked}>
            {(handle) =>
              renderRow(field, index, {
                handle: locked ? undefined : handle,
                tools: locked ? null : (
                  <Space size={4}>
                    <MoveButtons label={label} index={index} count={fields.length} disabled={disabled} move={move} />
                    {!disabled && (
                      <DeleteButton
                        size="small"
                        label={`${label}を削除`}
                        {...(deleteDescription ? { description: deleteDescription } : {})}
                        onConfirm={async () => {
                          remove(index);
                          await Promise.resolve();
                        }}
                      />
                    )}
                  </Space>
                ),
              })
            }
          </SortableRow>
        );
      })}
    </SortableList>
  );
}

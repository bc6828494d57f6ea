import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

// Drag to reorder (dnd-kit) for the editors' categories, items and questions: a list of rows,
// each moved by its handle, with the mouse, a finger or the keyboard (space to lift, arrows,
// space to drop). The rows also have up/down buttons (SortableFields), so nobody depends on dragging.

interface ListProps {
  /** The rows' ids in their order. */
  ids: readonly UniqueIdentifier[];
  /** What a row is called in the announcements: 'カテゴリ', '項目', '質問'. */
  noun: string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

function announcements(ids: readonly UniqueIdentifier[], noun: string): Announcements {
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(id) + 1);
  return {
    onDragStart: ({ active }) => `${noun}${position(active.id)}を持ち上げました。`,
    onDragOver: ({ over }) => (over ? `${position(over.id)}番目の位置です。` : '並べ替えの範囲外です。'),
    onDragEnd: ({ over }) => (over ? `${position(over.id)}番目に置きました。` : `${noun}を元の位置に戻しました。`),
    onDragCancel: () => `${noun}の移動を取り消しました。`,
  };
}

const INSTRUCTIONS = {
  draggable: 'スペースキーで持ち上げ、矢印キーで動かし、スペースキーで置きます。Escキーで取り消します。',
};

export function SortableList({ ids, noun, onMove, children }: ListProps) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(ids, noun), screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface RowProps {
  id: UniqueIdentifier;
  /** Names the handle: '新宿の衛生を並べ替え'. */
  handleLabel: string;
  disabled?: boolean;
  /** The row, given its drag handle to place. */
  children: (handle: ReactNode) => ReactNode;
}

export function SortableRow({ id, handleLabel, disabled = false, children }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
    attributes: { roleDescription: '並べ替え可能' },
  });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={handleLabel}
      title="ドラッグして並べ替え"
      disabled={disabled}
      style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div
      ref={setNodeRef}
      data-dragging={isDragging || undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}

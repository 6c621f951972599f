import { useState, type CSSProperties } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Button, Checkbox, Flex, Input, Progress, theme } from 'antd';
import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { TASK_LIMITS, type Subtask } from '@aide/contracts';
import { useT } from '../i18n/tasks-extra';

/** A fresh id for a new step: unique within the list, short (the API takes up to 64 characters). */
export const newSubtaskId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export interface SubtaskListProps {
  value: Subtask[];
  onChange: (subtasks: Subtask[]) => void;
  /** For the add box's label. */
  id?: string;
}

/**
 * The task form's checklist: add (Enter), tick, rename in place, delete, and reorder by dragging the
 * handle — or from the keyboard: focus the handle, Space to pick up, arrows to move, Space to drop
 * (dnd-kit's KeyboardSensor, with its moves announced to screen readers).
 */
export function SubtaskList({ value, onChange, id }: SubtaskListProps) {
  const { token } = theme.useToken();
  const t = useT();
  const [draft, setDraft] = useState('');
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (itemId: UniqueIdentifier) => value.find((s) => s.id === itemId)?.title ?? '';
  const positionOf = (itemId: UniqueIdentifier | undefined) => value.findIndex((s) => s.id === itemId) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('subtasks.dnd.picked', { title: titleOf(active.id), position: positionOf(active.id), count: value.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('subtasks.dnd.moved', { title: titleOf(active.id), position: positionOf(over.id), count: value.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('subtasks.dnd.dropped', { title: titleOf(active.id), position: positionOf(over.id), count: value.length })
        : undefined,
    onDragCancel: ({ active }) => t('subtasks.dnd.cancelled', { title: titleOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.findIndex((s) => s.id === active.id);
    const to = value.findIndex((s) => s.id === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  };

  const add = () => {
    const title = draft.trim();
    if (!title || value.length >= TASK_LIMITS.subtasks) return;
    onChange([...value, { id: newSubtaskId(), title, done: false }]);
    setDraft('');
  };
  const update = (itemId: string, changes: Partial<Subtask>) =>
    onChange(value.map((s) => (s.id === itemId ? { ...s, ...changes } : s)));
  const remove = (itemId: string) => onChange(value.filter((s) => s.id !== itemId));

  const done = value.filter((s) => s.done).length;

  return (
    <Flex vertical gap={token.marginXS}>
      {value.length > 0 ? (
        <Progress
          percent={Math.round((done / value.length) * 100)}
          size="small"
          aria-label={t('subtasks.progress', { done, total: value.length })}
          format={() => t('subtasks.progress', { done, total: value.length })}
        />
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('subtasks.dnd.instructions') } }}
      >
        <SortableContext items={value.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ul aria-label={t('subtasks.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {value.map((subtask, index) => (
              <SubtaskRow
                key={subtask.id}
                subtask={subtask}
                position={index + 1}
                onChange={(changes) => update(subtask.id, changes)}
                onDelete={() => remove(subtask.id)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <Input
        id={id}
        value={draft}
        maxLength={TASK_LIMITS.subtaskTitle}
        prefix={<PlusOutlined style={{ color: token.colorTextTertiary }} />}
        placeholder={t('subtasks.addPlaceholder')}
        aria-label={t('subtasks.add')}
        disabled={value.length >= TASK_LIMITS.subtasks}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={(e) => {
          // Enter adds a step here; it must not also submit the dialog.
          e.preventDefault();
          if (!e.nativeEvent.isComposing) add();
        }}
      />
    </Flex>
  );
}

interface SubtaskRowProps {
  subtask: Subtask;
  position: number;
  onChange: (changes: Partial<Subtask>) => void;
  onDelete: () => void;
}

function SubtaskRow({ subtask, position, onChange, onDelete }: SubtaskRowProps) {
  const { token } = theme.useToken();
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: subtask.id,
  });
  // The title is edited in place; a blank rename is dropped, so every step keeps a title.
  // While typing the draft is shown; null otherwise, so a change from outside shows at once.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const trimmed = draft?.trim();
    if (trimmed && trimmed !== subtask.title) onChange({ title: trimmed });
    setDraft(null);
  };

  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    background: isDragging ? token.colorBgElevated : undefined,
    boxShadow: isDragging ? token.boxShadowSecondary : undefined,
    borderRadius: token.borderRadius,
  };

  return (
    <li ref={setNodeRef} style={style} data-subtask-id={subtask.id}>
      <Flex align="center" gap={token.marginXXS}>
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          icon={<HolderOutlined />}
          {...attributes}
          {...listeners}
          aria-label={t('subtasks.drag', { title: subtask.title })}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        />
        <Checkbox
          checked={subtask.done}
          onChange={(e) => onChange({ done: e.target.checked })}
          aria-label={t(subtask.done ? 'subtasks.markNotDone' : 'subtasks.markDone', { title: subtask.title })}
        />
        <Input
          variant="borderless"
          value={draft ?? subtask.title}
          maxLength={TASK_LIMITS.subtaskTitle}
          aria-label={t('subtasks.rename', { position })}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onPressEnter={(e) => {
            e.preventDefault();
            if (!e.nativeEvent.isComposing) commit();
          }}
          style={{
            flex: 1,
            textDecoration: subtask.done ? 'line-through' : undefined,
            color: subtask.done ? token.colorTextSecondary : undefined,
          }}
        />
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('subtasks.delete', { title: subtask.title })}
          onClick={onDelete}
        />
      </Flex>
    </li>
  );
}

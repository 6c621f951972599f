import { useEffect, useMemo, useRef, useState } from 'react';
import { Flex, theme } from 'antd';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { CalendarEvent, Task } from '@aide/contracts';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { useHost } from '@aide/module-kit';
import { t as organiserT } from '../i18n';
import { useT } from '../i18n/calendar-extra';
import { DATE_TIME, formatDay, formatInZone, LONG_DAY } from '../shared/time';
import { useTasks } from '../tasks/useTasks';
import { ScheduleTaskDialog } from './ScheduleTaskDialog';
import { TimeGridView, type DropPreviewSlot } from './TimeGridView';
import { blockMinutes, slotAt, timeBlockPayload, unscheduledTasks } from './timeBlocks';
import { DraggedTask, UnscheduledTasksPanel } from './UnscheduledTasksPanel';
import { useCreateEvent } from './useEvents';

export interface TimeBlockingGridProps {
  days: string[];
  selectedKey: string;
  /** The events the grid shows. */
  events: CalendarEvent[];
  /** The events ahead (a year): a task with a block among them is scheduled already. */
  upcoming: CalendarEvent[];
  timezone: string;
  phone: boolean;
  onSelectDay: (key: string) => void;
  onOpenEvent: (event: CalendarEvent) => void;
}

type Point = { x: number; y: number };

/** The day column under a point of the viewport, and the quarter hour it points at. */
function slotUnder(point: Point | null): { dayKey: string; slot: string } | null {
  if (!point) return null;
  // The column itself, read back from the page: its top moves as the grid scrolls.
  const column = document
    .elementsFromPoint(point.x, point.y)
    .map((el) => el.closest<HTMLElement>('[data-day-column]'))
    .find((el): el is HTMLElement => el !== null);
  const dayKey = column?.dataset.dayColumn;
  if (!column || !dayKey) return null;
  return { dayKey, slot: slotAt(dayKey, point.y - column.getBoundingClientRect().top) };
}

/**
 * Where the pointer or finger is while a task is dragged, read from the page's own move events (dnd-kit's
 * delta also counts the scrolling it does, which the page's coordinates already hold).
 */
function usePointerWhileDragging(dragging: boolean) {
  const point = useRef<Point | null>(null);
  useEffect(() => {
    if (!dragging) return;
    const onPointer = (e: PointerEvent) => (point.current = { x: e.clientX, y: e.clientY });
    const onTouch = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (touch) point.current = { x: touch.clientX, y: touch.clientY };
    };
    window.addEventListener('pointermove', onPointer, true);
    window.addEventListener('touchmove', onTouch, { capture: true, passive: true });
    return () => {
      window.removeEventListener('pointermove', onPointer, true);
      window.removeEventListener('touchmove', onTouch, true);
      point.current = null;
    };
  }, [dragging]);
  return point;
}

const minuteOf = (slot: string) => Number(slot.slice(11, 13)) * 60 + Number(slot.slice(14, 16));

/**
 * The week and day grids with the "Unscheduled tasks" panel: a task dragged onto a time (mouse, or a
 * long press on a touch screen) or given one in the Schedule dialog becomes a block on the calendar.
 */
export function TimeBlockingGrid({
  days,
  selectedKey,
  events,
  upcoming,
  timezone,
  phone,
  onSelectDay,
  onOpenEvent,
}: TimeBlockingGridProps) {
  const { token } = theme.useToken();
  const t = useT();
  const { toast } = useHost();
  const tasksQuery = useTasks();
  const createEvent = useCreateEvent();
  // Open beside the grid on a computer; folded above it on a phone, where the grid needs the room.
  const [panelOpen, setPanelOpen] = useState<boolean | null>(null);
  const open = panelOpen ?? !phone;
  const [dragged, setDragged] = useState<Task | null>(null);
  const [preview, setPreview] = useState<DropPreviewSlot | null>(null);
  const [scheduling, setScheduling] = useState<Task | null>(null);
  const pointer = usePointerWhileDragging(dragged !== null);

  const tasks = useMemo(
    () => unscheduledTasks(tasksQuery.data ?? [], [...events, ...upcoming]),
    [tasksQuery.data, events, upcoming],
  );
  const sensors = useSensors(
    // A click on the Schedule button is not a drag: it takes a few pixels of movement to start one.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On a touch screen a long press picks a task up, so a swipe still scrolls the list.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );

  const schedule = async (task: Task, start: string, minutes: number) => {
    try {
      const block = await createEvent.mutateAsync(timeBlockPayload(task, start, minutes, timezone));
      toast({
        title: t('schedule.done', { title: task.title, when: formatInZone(block.startTime, timezone, DATE_TIME) }),
      });
      setScheduling(null);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: organiserT('common.error'),
        description: organiserT('common.errorWithDetail', {
          message: t('schedule.failed'),
          detail: errorDetail(error),
        }),
        variant: 'destructive',
      });
    }
  };

  const taskOf = (event: DragStartEvent | DragMoveEvent | DragEndEvent) =>
    (event.active.data.current as { task?: Task } | undefined)?.task ?? null;
  const onDragMove = (event: DragMoveEvent) => {
    const task = taskOf(event);
    const target = slotUnder(pointer.current);
    if (!task || !target) return setPreview(null);
    const startMinute = minuteOf(target.slot);
    if (preview?.dayKey === target.dayKey && preview.startMinute === startMinute) return;
    setPreview({
      dayKey: target.dayKey,
      startMinute,
      minutes: blockMinutes(task),
      label: `${target.slot.slice(11)} ${task.title}`,
    });
  };
  const onDragEnd = (event: DragEndEvent) => {
    const task = taskOf(event);
    const target = slotUnder(pointer.current);
    setDragged(null);
    setPreview(null);
    if (task && target) void schedule(task, target.slot, blockMinutes(task));
  };

  // What a screen reader hears while a task is dragged (dnd-kit's own words are English).
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { title: titleOf(active.data.current) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { title: titleOf(active.data.current), day: dayOf(over.data.current) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.dropped', { title: titleOf(active.data.current), day: dayOf(over.data.current) })
        : t('dnd.cancelled', { title: titleOf(active.data.current) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { title: titleOf(active.data.current) }),
  };

  const panel = (
    <UnscheduledTasksPanel
      tasks={tasks}
      loading={tasksQuery.isPending}
      error={tasksQuery.isError ? tasksQuery.error : null}
      timezone={timezone}
      open={open}
      onToggle={() => setPanelOpen(!open)}
      onSchedule={setScheduling}
      layout={phone ? 'top' : 'side'}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={(event) => setDragged(taskOf(event))}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
        setPreview(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <Flex vertical={phone || !open} gap={token.marginSM} align={phone || !open ? 'stretch' : 'flex-start'}>
        {phone || !open ? <div>{panel}</div> : panel}
        <div style={{ flex: 1, minWidth: 0, width: '100%' }}>
          <TimeGridView
            days={days}
            selectedKey={selectedKey}
            events={events}
            timezone={timezone}
            onSelectDay={onSelectDay}
            onOpenEvent={onOpenEvent}
            dropPreview={preview}
          />
        </div>
      </Flex>
      <DragOverlay dropAnimation={null}>{dragged ? <DraggedTask task={dragged} /> : null}</DragOverlay>
      <ScheduleTaskDialog
        task={scheduling}
        dayKey={selectedKey}
        timezone={timezone}
        pending={createEvent.isPending}
        onSchedule={(task, start, minutes) => void schedule(task, start, minutes)}
        onClose={() => setScheduling(null)}
      />
    </DndContext>
  );
}

const titleOf = (data: unknown) => (data as { task?: Task } | undefined)?.task?.title ?? '';
const dayOf = (data: unknown) => {
  const key = (data as { dayKey?: string } | undefined)?.dayKey;
  return key ? formatDay(key, LONG_DAY) : '';
};

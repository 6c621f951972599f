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
import { DATE_TIME, dayjs, formatDay, formatInZone, LONG_DAY } from '../shared/time';
import { useTasks } from '../tasks/useTasks';
import { ScheduleTaskDialog } from './ScheduleTaskDialog';
import { TimeGridView, type DropPreviewSlot } from './TimeGridView';
import { blockMinutes, SLOT_MINUTES, slotAt, timeBlockPayload, unscheduledTasks } from './timeBlocks';
import { DraggedTask, UnscheduledTasksPanel } from './UnscheduledTasksPanel';
import { useCreateEvent, useUpdateEvent } from './useEvents';
import { isOccurrence, scopeQuery } from './eventFormPayload';
import { useScopeDialog } from './ScopeDialog';

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

/** Where the pointer or finger started a drag, in viewport coordinates. */
function pointerOf(event: Event | null): Point | null {
  if (!event) return null;
  if ('touches' in event) {
    const touch = (event as TouchEvent).touches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY };
}

/**
 * The day column under a point of the viewport, and the quarter hour it points at; `grab` is how far
 * below an event block's top it was picked up, so the block's top lands where it is shown.
 */
function slotUnder(point: Point | null, grab = 0): { dayKey: string; slot: string } | null {
  if (!point) return null;
  // The column itself, read back from the page: its top moves as the grid scrolls.
  const column = document
    .elementsFromPoint(point.x, point.y)
    .map((el) => el.closest<HTMLElement>('[data-day-column]'))
    .find((el): el is HTMLElement => el !== null);
  const dayKey = column?.dataset.dayColumn;
  if (!column || !dayKey) return null;
  return { dayKey, slot: slotAt(dayKey, point.y - grab - column.getBoundingClientRect().top) };
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
  // An event block being moved, and how far below its top it was picked up (px).
  const [moving, setMoving] = useState<{ event: CalendarEvent; grab: number } | null>(null);
  const updateEvent = useUpdateEvent();
  const scopeDialog = useScopeDialog();
  const [preview, setPreview] = useState<DropPreviewSlot | null>(null);
  const [scheduling, setScheduling] = useState<Task | null>(null);
  const pointer = usePointerWhileDragging(dragged !== null || moving !== null);

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
  const onDragStart = (event: DragStartEvent) => {
    const moved = (event.active.data.current as { event?: CalendarEvent } | undefined)?.event;
    if (moved) {
      const start = pointerOf(event.activatorEvent);
      const top = event.active.rect.current.initial?.top;
      setMoving({ event: moved, grab: start && top !== undefined ? start.y - top : 0 });
    } else setDragged(taskOf(event));
  };

  const onDragMove = (event: DragMoveEvent) => {
    const task = taskOf(event);
    const target = slotUnder(pointer.current, moving?.grab);
    const title = task?.title ?? moving?.event.title;
    if (!title || !target) return setPreview(null);
    const startMinute = minuteOf(target.slot);
    if (preview?.dayKey === target.dayKey && preview.startMinute === startMinute) return;
    const minutes = task
      ? blockMinutes(task)
      : Math.max(SLOT_MINUTES, dayjs(moving!.event.endTime).diff(moving!.event.startTime, 'minute'));
    setPreview({ dayKey: target.dayKey, startMinute, minutes, label: `${target.slot.slice(11)} ${title}` });
  };

  /** A block dropped on another time: the event moves there, keeping its length; an occurrence asks which. */
  const moveEvent = async (event: CalendarEvent, slot: string) => {
    const startTime = dayjs.tz(slot, timezone).toISOString();
    if (Date.parse(startTime) === Date.parse(event.startTime)) return;
    const endTime = dayjs(startTime).add(dayjs(event.endTime).diff(event.startTime, 'minute'), 'minute').toISOString();
    let scope;
    if (isOccurrence(event)) {
      const chosen = await scopeDialog.ask({ action: 'move' });
      if (!chosen) return;
      scope = scopeQuery(event, chosen);
    }
    try {
      await updateEvent.mutateAsync({ id: event.id, payload: { startTime, endTime }, scope });
      toast({ title: organiserT('calendar.form.updated') });
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: organiserT('common.error'),
        description: organiserT('common.errorWithDetail', {
          message: organiserT('calendar.form.updateFailed'),
          detail: errorDetail(error),
        }),
        variant: 'destructive',
      });
    }
  };

  const onDragEnd = (event: DragEndEvent) => {
    const task = taskOf(event);
    const wasMoving = moving;
    const target = slotUnder(pointer.current, wasMoving?.grab);
    setDragged(null);
    setMoving(null);
    setPreview(null);
    if (!target) return;
    if (task) void schedule(task, target.slot, blockMinutes(task));
    else if (wasMoving) void moveEvent(wasMoving.event, target.slot);
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
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
        setMoving(null);
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
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <DraggedTask task={dragged} />
        ) : moving ? (
          <DraggedTask task={{ title: moving.event.title }} />
        ) : null}
      </DragOverlay>
      {scopeDialog.dialog}
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

const titleOf = (data: unknown) => {
  const dragged = data as { task?: Task; event?: CalendarEvent } | undefined;
  return dragged?.task?.title ?? dragged?.event?.title ?? '';
};
const dayOf = (data: unknown) => {
  const key = (data as { dayKey?: string } | undefined)?.dayKey;
  return key ? formatDay(key, LONG_DAY) : '';
};

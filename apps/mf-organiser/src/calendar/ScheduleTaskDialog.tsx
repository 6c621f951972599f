import { useState } from 'react';
import { Button, Flex, Form, Modal, Select } from 'antd';
import type { Task } from '@aide/contracts';
import { datePickerIn, DateStringPicker } from '@aide/ui';
import { t as organiserT } from '../i18n';
import { useT } from '../i18n/calendar-extra';
import { LOCAL_DATETIME_FORMAT } from '../shared/time';
import { newEventTimes } from './eventFormPayload';
import { blockMinutes } from './timeBlocks';

const DURATIONS = [15, 30, 45, 60, 90, 120] as const;

export interface ScheduleTaskDialogProps {
  /** The task to place; null when closed. */
  task: Task | null;
  /** The selected day: the block starts at the next whole hour today, or at 09:00 on another day. */
  dayKey: string;
  timezone: string;
  pending: boolean;
  onSchedule: (task: Task, start: string, minutes: number) => void;
  onClose: () => void;
}

/** The keyboard and phone way to time-block a task: a start and a duration, then Schedule. */
export function ScheduleTaskDialog({ task, dayKey, timezone, pending, onSchedule, onClose }: ScheduleTaskDialogProps) {
  const t = useT();
  return (
    <Modal
      open={task !== null}
      title={task ? t('schedule.title', { title: task.title }) : null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={420}
    >
      {task ? (
        <ScheduleForm
          key={task.id}
          task={task}
          dayKey={dayKey}
          timezone={timezone}
          pending={pending}
          onSchedule={onSchedule}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ScheduleForm({
  task,
  dayKey,
  timezone,
  pending,
  onSchedule,
  onClose,
}: ScheduleTaskDialogProps & { task: Task }) {
  const t = useT();
  const [start, setStart] = useState(() => newEventTimes(dayKey, timezone).startTime);
  const [minutes, setMinutes] = useState(() => blockMinutes(task));
  const durationLabel = (m: number) =>
    m % 60 === 0 ? t('schedule.hours', { count: m / 60 }) : t('schedule.minutes', { count: m });
  return (
    // No submit on Enter: Enter confirms the picker's time, and the duration may still change.
    <Form layout="vertical" component="div" style={{ marginTop: 16 }} data-testid="schedule-task-form">
      <Form.Item label={t('schedule.start')} htmlFor="schedule-task-start" required>
        <DateStringPicker
          id="schedule-task-start"
          showTime={{ format: 'HH:mm', minuteStep: 15 }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={start}
          component={datePickerIn(timezone)}
          onChange={(d) => d && setStart(d.format(LOCAL_DATETIME_FORMAT))}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item label={t('schedule.duration')} htmlFor="schedule-task-duration">
        <Select
          id="schedule-task-duration"
          value={minutes}
          onChange={setMinutes}
          options={DURATIONS.map((m) => ({ value: m, label: durationLabel(m) }))}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: 'end' }}>
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{organiserT('common.cancel')}</Button>
          <Button type="primary" loading={pending} onClick={() => onSchedule(task, start, minutes)}>
            {t('schedule.ok')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}

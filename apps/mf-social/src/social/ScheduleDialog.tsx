/** Schedule a draft, or Reschedule a scheduled post (DECISIONS: 'Reschedule' opens a date picker). */
import { useId, useState } from 'react';
import { Alert, DatePicker, Form, Modal, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { checkScheduleTime, SOCIAL_LIMITS, type SocialPost } from '@aide/contracts';
import { platformLabel, postDateLong } from './socialView';

export const SCHEDULE_TEXT = {
  scheduleTitle: 'Schedule post',
  rescheduleTitle: 'Reschedule post',
  schedule: 'Schedule',
  reschedule: 'Reschedule',
  cancel: 'Cancel',
  when: 'Publish on',
  required: 'Choose a date and time',
  currently: (when: string) => `Currently scheduled for ${when}.`,
  timeZone: (zone: string) => `Times are in your time zone (${zone}).`,
  automatic: (platform: string) => `It is published automatically through your connected ${platform} account.`,
  noAccountTitle: (platform: string) => `No ${platform} account is connected`,
  noAccount: (platform: string) =>
    `Scheduled posts publish automatically only through a connected account. Without one, at that time the post moves back to Drafts and you get a reminder to publish it yourself. Connect ${platform} from its card to publish automatically.`,
} as const;

export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

/** A new schedule starts at the next full hour after an hour from now. */
export const defaultScheduleTime = (now: Dayjs = dayjs()) => now.add(1, 'hour').startOf('hour').add(1, 'hour');

/** Days before today, and beyond how far ahead a post may be scheduled, cannot be picked. */
export function isDisabledDay(day: Dayjs, now: Dayjs = dayjs()): boolean {
  return day.isBefore(now.startOf('day')) || day.isAfter(now.add(SOCIAL_LIMITS.scheduleMaxDays, 'day').endOf('day'));
}

/** Today's hours and minutes that have passed cannot be picked either. */
function disabledTime(day: Dayjs | null) {
  const now = dayjs();
  if (!day || !day.isSame(now, 'day')) return {};
  return {
    disabledHours: () => Array.from({ length: now.hour() }, (_, h) => h),
    disabledMinutes: (hour: number) =>
      hour === now.hour() ? Array.from({ length: now.minute() + 1 }, (_, m) => m) : [],
  };
}

export interface ScheduleDialogProps {
  open: boolean;
  post: SocialPost | null;
  /** Whether the post's platform has a connected account (else the info about drafts and reminders shows). */
  connected: boolean;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when it worked (the dialog then closes). */
  onSchedule: (when: Date) => Promise<unknown>;
}

export function ScheduleDialog({ open, post, connected, saving, onClose, onSchedule }: ScheduleDialogProps) {
  const { token } = theme.useToken();
  const id = useId();
  const [value, setValue] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rescheduling = post?.status === 'scheduled';

  // Opening (or another post, or a new time, while open) starts from the post's time: adjusted
  // during render, not in an effect.
  const shownFor = JSON.stringify([open, post?.id, post?.scheduledAt, rescheduling]);
  const [startedFor, setStartedFor] = useState<string | null>(null);
  if (startedFor !== shownFor) {
    setStartedFor(shownFor);
    if (open) {
      setValue(rescheduling && post?.scheduledAt ? dayjs(post.scheduledAt) : defaultScheduleTime());
      setError(null);
    }
  }

  const submit = async () => {
    if (saving || !post) return;
    const problem = value ? checkScheduleTime(value.toDate()) : SCHEDULE_TEXT.required;
    setError(problem);
    if (problem || !value) return;
    if (await onSchedule(value.toDate())) onClose();
  };

  const label = post ? platformLabel(post.platform) : '';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Modal
      open={open}
      title={rescheduling ? SCHEDULE_TEXT.rescheduleTitle : SCHEDULE_TEXT.scheduleTitle}
      okText={rescheduling ? SCHEDULE_TEXT.reschedule : SCHEDULE_TEXT.schedule}
      cancelText={SCHEDULE_TEXT.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={{ xs: '100%', sm: '92%', md: 480 }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" style={{ marginTop: token.marginMD }}>
        {rescheduling && post?.scheduledAt ? (
          <Typography.Paragraph type="secondary">
            {SCHEDULE_TEXT.currently(postDateLong(post.scheduledAt))}
          </Typography.Paragraph>
        ) : null}
        <Form.Item
          label={SCHEDULE_TEXT.when}
          htmlFor={id}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          extra={error ? undefined : SCHEDULE_TEXT.timeZone(zone)}
        >
          <DatePicker
            id={id}
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format={PICKER_FORMAT}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            disabledDate={(day) => isDisabledDay(day)}
            disabledTime={disabledTime}
            showNow={false}
            style={{ width: '100%' }}
            allowClear={false}
          />
        </Form.Item>
        {post && !connected ? (
          <Alert
            type="info"
            showIcon
            title={SCHEDULE_TEXT.noAccountTitle(label)}
            description={SCHEDULE_TEXT.noAccount(label)}
          />
        ) : post ? (
          <Typography.Text type="secondary">{SCHEDULE_TEXT.automatic(label)}</Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}

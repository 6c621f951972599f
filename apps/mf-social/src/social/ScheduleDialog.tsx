/** Schedule a draft, or Reschedule a scheduled post (DECISIONS: 'Reschedule' opens a date picker). */
import { useId, useState } from 'react';
import { Alert, DatePicker, Form, Modal, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { checkScheduleTime, SOCIAL_LIMITS, type SocialPost } from '@aide/contracts';
import { useT } from '../i18n';
import { DATE_REQUIRED, localizedError } from './formErrors';
import { platformLabel, postDateLong } from './socialView';

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
  /** After the dialog has gone (where the focus goes back to). */
  afterClose?: () => void;
  /** Resolves true when it worked (the dialog then closes). */
  onSchedule: (when: Date) => Promise<unknown>;
}

export function ScheduleDialog({
  open,
  post,
  connected,
  saving,
  onClose,
  afterClose,
  onSchedule,
}: ScheduleDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
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
    const problem = value ? checkScheduleTime(value.toDate()) : DATE_REQUIRED;
    setError(problem);
    if (problem || !value) return;
    if (await onSchedule(value.toDate())) onClose();
  };

  const label = post ? platformLabel(post.platform) : '';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Modal
      open={open}
      title={rescheduling ? t('schedule.rescheduleTitle') : t('schedule.scheduleTitle')}
      okText={rescheduling ? t('schedule.reschedule') : t('schedule.schedule')}
      cancelText={t('schedule.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={afterClose}
      width={{ xs: '100%', sm: '92%', md: 480 }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" style={{ marginTop: token.marginMD }}>
        {rescheduling && post?.scheduledAt ? (
          <Typography.Paragraph type="secondary">
            {t('schedule.currently', { when: postDateLong(post.scheduledAt) })}
          </Typography.Paragraph>
        ) : null}
        <Form.Item
          label={t('schedule.when')}
          htmlFor={id}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ? localizedError(error, t) : undefined}
          extra={error ? undefined : t('schedule.timeZone', { zone })}
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
            title={t('schedule.noAccountTitle', { platform: label })}
            description={t('schedule.noAccount', { platform: label })}
          />
        ) : post ? (
          <Typography.Text type="secondary">{t('schedule.automatic', { platform: label })}</Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}

import { useState } from 'react';
import { DatePicker, Form, Modal } from 'antd';
import { EMAIL_SCHEDULE_MAX_DAYS, type OutgoingEmail } from '@aide/contracts';
import { useT } from '../i18n/outbox';
import { dayjs } from '../shared/time';

type Dayjs = ReturnType<typeof dayjs>;

export interface RescheduleDialogProps {
  /** The message to move; null closes the dialog. */
  outgoing: OutgoingEmail | null;
  saving: boolean;
  onCancel: () => void;
  /** Answers whether it was moved (the dialog then closes). */
  onSubmit: (sendAt: string) => Promise<boolean>;
}

/** A time to send a message at: now onwards, at most EMAIL_SCHEDULE_MAX_DAYS ahead (as the server checks). */
export function RescheduleDialog({ outgoing, saving, onCancel, onSubmit }: RescheduleDialogProps) {
  const t = useT();
  // The picked time of the message the dialog was opened for (another message starts afresh).
  const [picked, setPicked] = useState<{ id: number; value: Dayjs | null } | null>(null);
  const initial = outgoing ? defaultTime(outgoing) : null;
  const value = picked && outgoing && picked.id === outgoing.id ? picked.value : initial;
  const inPast = value !== null && !value.isAfter(dayjs());

  const submit = async () => {
    if (!value || inPast) return;
    if (await onSubmit(value.toISOString())) setPicked(null);
  };

  return (
    <Modal
      open={outgoing !== null}
      title={t('reschedule.title')}
      okText={t('reschedule.submit')}
      cancelText={t('reschedule.cancel')}
      okButtonProps={{ disabled: !value || inPast, loading: saving }}
      onOk={() => void submit()}
      onCancel={() => {
        setPicked(null);
        onCancel();
      }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('reschedule.label')}
          htmlFor="aide-outbox-send-at"
          validateStatus={inPast ? 'error' : undefined}
          help={inPast ? t('reschedule.pastTime') : undefined}
        >
          <DatePicker
            id="aide-outbox-send-at"
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            placeholder={t('reschedule.placeholder')}
            value={value}
            onChange={(next) => outgoing && setPicked({ id: outgoing.id, value: next })}
            disabledDate={(day) =>
              day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(EMAIL_SCHEDULE_MAX_DAYS, 'day'), 'day')
            }
            allowClear={false}
            needConfirm={false}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Its current time if still ahead, else an hour from now on the next quarter hour. */
function defaultTime(outgoing: OutgoingEmail): Dayjs {
  const current = dayjs(outgoing.sendAt);
  if (current.isAfter(dayjs().add(1, 'minute'))) return current;
  const later = dayjs().add(1, 'hour');
  return later
    .minute(Math.ceil(later.minute() / 15) * 15)
    .second(0)
    .millisecond(0);
}

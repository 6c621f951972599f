import { useState } from 'react';
import { DatePicker, Form, Modal } from 'antd';
import { dayjs } from '../shared/time';
import { useT } from '../i18n/actions';

export interface SnoozePickerDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (until: Date) => void;
}

/** "Pick date & time…": a date and time in the future (loaded when first opened: the date picker is big). */
export default function SnoozePickerDialog({ open, onClose, onPick }: SnoozePickerDialogProps) {
  const t = useT();
  const [value, setValue] = useState<dayjs.Dayjs | null>(null);
  const past = value !== null && !value.isAfter(dayjs());
  return (
    <Modal
      open={open}
      title={t('snooze.pickTitle')}
      okText={t('snooze.confirm')}
      cancelText={t('snooze.cancel')}
      okButtonProps={{ disabled: value === null || past }}
      onCancel={onClose}
      onOk={() => {
        if (value && !past) onPick(value.toDate());
      }}
      afterClose={() => setValue(null)}
      destroyOnHidden
      width={400}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('snooze.pickLabel')}
          htmlFor="aide-snooze-pick"
          validateStatus={past ? 'error' : undefined}
          help={past ? t('snooze.pickPast') : undefined}
          style={{ marginBottom: 0 }}
        >
          <DatePicker
            id="aide-snooze-pick"
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            value={value}
            onChange={setValue}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            needConfirm={false}
            style={{ width: '100%' }}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

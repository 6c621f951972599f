import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { CalendarOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { useT } from '../i18n/actions';
import { snoozeChoices } from './snoozeTimes';
import { snoozeTime } from './useSnooze';

const SnoozePickerDialog = lazy(() => import('./SnoozePickerDialog'));

const PICK = 'pick';
const PREFIX = 'snooze:';

/**
 * The snooze menu's items (Later today, Tomorrow, This weekend, Next week, each with its time, and
 * Pick date & time…) for any antd menu (the toolbar's, a row's), the handler of their keys, and the
 * picker dialog to render once. `onSnooze` gets the chosen time.
 */
export function useSnoozeChoices(onSnooze: (until: Date) => void): {
  items: () => NonNullable<MenuProps['items']>;
  /** Handles a clicked key if it is one of these items; answers whether it was. */
  handle: (key: string) => boolean;
  picker: ReactNode;
} {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const [pickerLoaded, setPickerLoaded] = useState(false);
  const items = () => [
    ...snoozeChoices().map(({ choice, until }) => ({
      key: `${PREFIX}${until.toISOString()}`,
      icon: <ClockCircleOutlined aria-hidden />,
      label: (
        <Flex justify="space-between" gap={16}>
          <span>{t(`snooze.${choice}`)}</span>
          <Typography.Text type="secondary">{snoozeTime(until.toISOString())}</Typography.Text>
        </Flex>
      ),
    })),
    { type: 'divider' as const },
    { key: `${PREFIX}${PICK}`, icon: <CalendarOutlined aria-hidden />, label: t('snooze.pick') },
  ];
  const handle = (key: string) => {
    if (!key.startsWith(PREFIX)) return false;
    const value = key.slice(PREFIX.length);
    if (value === PICK) {
      setPickerLoaded(true);
      setPicking(true);
    } else onSnooze(new Date(value));
    return true;
  };
  const picker = pickerLoaded ? (
    <Suspense fallback={null}>
      <SnoozePickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(until) => {
          setPicking(false);
          onSnooze(until);
        }}
      />
    </Suspense>
  ) : null;
  return { items, handle, picker };
}

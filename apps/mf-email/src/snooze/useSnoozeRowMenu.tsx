import { useRef } from 'react';
import { ClockCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import type { EmailRowProps } from '../email/EmailList';
import { useT } from '../i18n/actions';
import { SnoozedUntil } from './SnoozedUntil';
import { useSnooze } from './useSnooze';
import { useSnoozeChoices } from './useSnoozeChoices';

const UNSNOOZE = 'unsnooze';

/** Received mail in the Inbox can be snoozed (not the user's own sent mail or drafts, nor archived mail). */
const canSnooze = (email: Email) =>
  !email.isArchived && email.metadata?.status !== 'sent' && email.metadata?.status !== 'draft';

/** A row's Snooze submenu (or Unsnooze for a snoozed one) and its wake-time tag; `picker` is rendered once. */
export function useSnoozeRowMenu() {
  const t = useT();
  const { snooze, unsnooze } = useSnooze();
  // The row whose menu was used last: the picker dialog snoozes that one.
  const target = useRef<number | null>(null);
  const choices = useSnoozeChoices((until) => {
    if (target.current !== null) snooze.mutate({ id: target.current, until: until.toISOString() });
  });

  const extraFor = (email: Email): EmailRowProps['extra'] => {
    if (email.snoozedUntil)
      return {
        tags: <SnoozedUntil email={email} />,
        menuItems: [{ key: UNSNOOZE, label: t('snooze.unsnooze'), icon: <RollbackOutlined aria-hidden /> }],
        onMenuClick: (key) => {
          if (key !== UNSNOOZE) return false;
          unsnooze.mutate(email.id);
          return true;
        },
      };
    if (!canSnooze(email)) return undefined;
    return {
      menuItems: [
        {
          key: 'snooze',
          label: t('snooze.menu'),
          icon: <ClockCircleOutlined aria-hidden />,
          children: choices.items(),
        },
      ],
      onMenuClick: (key) => {
        target.current = email.id;
        return choices.handle(key);
      },
    };
  };
  return { extraFor, picker: choices.picker };
}

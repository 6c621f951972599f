import { Fragment } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Divider, Flex, Select, Switch, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { DailyBriefingFields } from './DailyBriefingFields';
import { SectionCard } from './SectionCard';
import { PushBrowserStatus, useBrowserPush } from './PushNotificationsSwitch';
import { WeeklyDigestPreview } from './WeeklyDigestPreview';
import { useT } from '../i18n';
import type { ProfileSectionProps } from './sectionProps';

type NotificationField = 'emailNotifications' | 'pushNotifications' | 'weeklyDigest' | 'marketingEmails';

const SWITCHES = [
  { name: 'emailNotifications', labelKey: 'notify.email', descriptionKey: 'notify.emailHint' },
  { name: 'pushNotifications', labelKey: 'notify.push', descriptionKey: 'notify.pushHint' },
  { name: 'weeklyDigest', labelKey: 'notify.digest', descriptionKey: 'notify.digestHint' },
  { name: 'marketingEmails', labelKey: 'notify.marketing', descriptionKey: 'notify.marketingHint' },
] as const satisfies readonly { name: NotificationField; labelKey: string; descriptionKey: string }[];

/** The default event reminder's choices, in minutes before the start (null: none). */
export const EVENT_REMINDER_CHOICES = [null, 0, 5, 10, 15, 30, 60, 1440] as const;
/** The Select's value for "None" (a Select cannot hold null as an option's value). */
const NONE = 'none';

/** 'None', 'At start', '10 minutes before', '1 hour before', '1 day before'. */
export function reminderLabel(t: ReturnType<typeof useT>, minutes: number | null): string {
  if (minutes === null) return t('notify.reminderNone');
  if (minutes === 0) return t('notify.reminderAtStart');
  if (minutes % 1440 === 0) return t('notify.reminderDays', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('notify.reminderHours', { count: minutes / 60 });
  return t('notify.reminderMinutes', { count: minutes });
}

/** The four notification switches, each with a one-line explanation, and the default event reminder. */
export function NotificationsSection({ control, errors, idFor }: ProfileSectionProps) {
  const t = useT();
  const dailyBriefing = useWatch({ control, name: 'dailyBriefing' });
  const { token } = theme.useToken();
  const push = useBrowserPush();
  return (
    <SectionCard
      id="notifications"
      title={t('notify.title')}
      description={t('notify.description')}
      icon={<BellOutlined />}
    >
      {SWITCHES.map(({ name, labelKey, descriptionKey }, index) => (
        <Fragment key={name}>
          {index > 0 ? <Divider style={{ margin: `${token.marginSM}px 0` }} /> : null}
          <Controller
            name={name}
            control={control}
            render={({ field }) => (
              <Flex justify="space-between" align="center" gap={token.margin}>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong id={`${idFor(name)}-label`} style={{ display: 'block' }}>
                    {t(labelKey)}
                  </Typography.Text>
                  <Typography.Text type="secondary" id={`${idFor(name)}-description`}>
                    {t(descriptionKey)}
                  </Typography.Text>
                  {name === 'pushNotifications' ? (
                    <PushBrowserStatus
                      id={`${idFor(name)}-browser`}
                      on={field.value}
                      browser={push.browser}
                      busy={push.busy}
                      onTurnOnHere={() => void push.turnOn()}
                    />
                  ) : null}
                </div>
                {name === 'weeklyDigest' ? <WeeklyDigestPreview /> : null}
                <Switch
                  id={idFor(name)}
                  ref={field.ref}
                  checked={field.value}
                  loading={name === 'pushNotifications' && push.busy}
                  onChange={(on) => {
                    field.onChange(on);
                    if (name === 'pushNotifications') void (on ? push.turnOn() : push.turnOff());
                  }}
                  aria-labelledby={`${idFor(name)}-label`}
                  aria-describedby={
                    name === 'pushNotifications'
                      ? `${idFor(name)}-description ${idFor(name)}-browser`
                      : `${idFor(name)}-description`
                  }
                  style={{ flex: 'none' }}
                />
              </Flex>
            )}
          />
        </Fragment>
      ))}
      <Divider style={{ margin: `${token.marginSM}px 0` }} />
      <Controller
        name="eventReminderMinutes"
        control={control}
        render={({ field }) => {
          const choices: (number | null)[] = [...EVENT_REMINDER_CHOICES];
          // A value set elsewhere (the API) that is not one of the choices is still shown as it is.
          if (!choices.includes(field.value)) choices.push(field.value);
          return (
            <Flex justify="space-between" align="center" gap={token.margin} wrap>
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Typography.Text strong id={`${idFor('eventReminderMinutes')}-label`} style={{ display: 'block' }}>
                  <label htmlFor={idFor('eventReminderMinutes')}>{t('notify.reminderDefault')}</label>
                </Typography.Text>
                <Typography.Text type="secondary" id={`${idFor('eventReminderMinutes')}-description`}>
                  {t('notify.reminderDefaultHint')}
                </Typography.Text>
              </div>
              <Select
                id={idFor('eventReminderMinutes')}
                ref={field.ref}
                value={field.value === null ? NONE : field.value}
                onChange={(value: number | typeof NONE) => field.onChange(value === NONE ? null : value)}
                onBlur={field.onBlur}
                options={choices.map((minutes) => ({
                  value: minutes === null ? NONE : minutes,
                  label: reminderLabel(t, minutes),
                }))}
                aria-describedby={`${idFor('eventReminderMinutes')}-description`}
                style={{ width: 200, flex: 'none' }}
              />
            </Flex>
          );
        }}
      />
      <Divider style={{ margin: `${token.marginSM}px 0` }} />
      <DailyBriefingFields control={control} errors={errors} idFor={idFor} delivery={dailyBriefing} />
    </SectionCard>
  );
}

import { Fragment } from 'react';
import { Controller } from 'react-hook-form';
import { Divider, Flex, Switch, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { SectionCard } from './SectionCard';
import type { ProfileSectionProps } from './sectionProps';

type NotificationField = 'emailNotifications' | 'pushNotifications' | 'weeklyDigest' | 'marketingEmails';

const SWITCHES: { name: NotificationField; label: string; description: string }[] = [
  {
    name: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Receive emails about activity on your account',
  },
  {
    name: 'pushNotifications',
    label: 'Push Notifications',
    description: 'Get in-app alerts for reminders, due tasks and finished work',
  },
  { name: 'weeklyDigest', label: 'Weekly Digest', description: 'A summary of your week: tasks, events and research' },
  { name: 'marketingEmails', label: 'Marketing Emails', description: 'News about new features, tips and offers' },
];

/** The four notification switches, each with a one-line explanation. */
export function NotificationsSection({ control, idFor }: ProfileSectionProps) {
  const { token } = theme.useToken();
  return (
    <SectionCard title="Notifications" description="Choose what Aide tells you about" icon={<BellOutlined />}>
      {SWITCHES.map(({ name, label, description }, index) => (
        <Fragment key={name}>
          {index > 0 ? <Divider style={{ margin: `${token.marginSM}px 0` }} /> : null}
          <Flex justify="space-between" align="center" gap={token.margin}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong id={`${idFor(name)}-label`} style={{ display: 'block' }}>
                {label}
              </Typography.Text>
              <Typography.Text type="secondary" id={`${idFor(name)}-description`}>
                {description}
              </Typography.Text>
            </div>
            <Controller
              name={name}
              control={control}
              render={({ field }) => (
                <Switch
                  id={idFor(name)}
                  ref={field.ref}
                  checked={field.value}
                  onChange={field.onChange}
                  aria-labelledby={`${idFor(name)}-label`}
                  aria-describedby={`${idFor(name)}-description`}
                  style={{ flex: 'none' }}
                />
              )}
            />
          </Flex>
        </Fragment>
      ))}
    </SectionCard>
  );
}

import { Fragment } from 'react';
import { Controller } from 'react-hook-form';
import { Divider, Flex, Switch, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { SectionCard } from './SectionCard';
import { useT } from '../i18n';
import type { ProfileSectionProps } from './sectionProps';

type NotificationField = 'emailNotifications' | 'pushNotifications' | 'weeklyDigest' | 'marketingEmails';

const SWITCHES = [
  { name: 'emailNotifications', labelKey: 'notify.email', descriptionKey: 'notify.emailHint' },
  { name: 'pushNotifications', labelKey: 'notify.push', descriptionKey: 'notify.pushHint' },
  { name: 'weeklyDigest', labelKey: 'notify.digest', descriptionKey: 'notify.digestHint' },
  { name: 'marketingEmails', labelKey: 'notify.marketing', descriptionKey: 'notify.marketingHint' },
] as const satisfies readonly { name: NotificationField; labelKey: string; descriptionKey: string }[];

/** The four notification switches, each with a one-line explanation. */
export function NotificationsSection({ control, idFor }: ProfileSectionProps) {
  const t = useT();
  const { token } = theme.useToken();
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
          <Flex justify="space-between" align="center" gap={token.margin}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong id={`${idFor(name)}-label`} style={{ display: 'block' }}>
                {t(labelKey)}
              </Typography.Text>
              <Typography.Text type="secondary" id={`${idFor(name)}-description`}>
                {t(descriptionKey)}
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

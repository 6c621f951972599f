import { Controller } from 'react-hook-form';
import { Divider, Flex, Select, Typography, theme } from 'antd';
import { DAILY_BRIEFING_DELIVERIES, type DailyBriefingDelivery } from '@aide/contracts';
import { useT } from '../i18n';
import type { ProfileSectionProps } from './sectionProps';

const DELIVERY_LABELS = {
  off: 'notify.briefingOff',
  notification: 'notify.briefingNotification',
  email: 'notify.briefingEmail',
} as const satisfies Record<DailyBriefingDelivery, string>;

/** The briefing time's choices: every half hour of the day, 'HH:mm'. */
export const BRIEFING_TIME_CHOICES = Array.from(
  { length: 48 },
  (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`,
);

/** One row: label and hint on the left, the control on the right (as the event reminder's row). */
function Row({ id, label, hint, children }: { id: string; label: string; hint: string; children: React.ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="center" gap={token.margin} wrap>
      <div style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Typography.Text strong style={{ display: 'block' }}>
          <label htmlFor={id}>{label}</label>
        </Typography.Text>
        <Typography.Text type="secondary" id={`${id}-description`}>
          {hint}
        </Typography.Text>
      </div>
      {children}
    </Flex>
  );
}

/**
 * The morning briefing (issue 27): how it comes (off, a notification, a notification and a mail)
 * and when, in the profile's timezone; the time is asked only when it comes at all.
 */
export function DailyBriefingFields({
  control,
  idFor,
  delivery,
}: ProfileSectionProps & { delivery: DailyBriefingDelivery }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <>
      <Controller
        name="dailyBriefing"
        control={control}
        render={({ field }) => (
          <Row id={idFor('dailyBriefing')} label={t('notify.briefing')} hint={t('notify.briefingHint')}>
            <Select
              id={idFor('dailyBriefing')}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={DAILY_BRIEFING_DELIVERIES.map((value) => ({ value, label: t(DELIVERY_LABELS[value]) }))}
              aria-describedby={`${idFor('dailyBriefing')}-description`}
              style={{ width: 200, flex: 'none' }}
            />
          </Row>
        )}
      />
      {delivery === 'off' ? null : <Divider style={{ margin: `${token.marginSM}px 0` }} />}
      {delivery === 'off' ? null : (
        <Controller
          name="briefingTime"
          control={control}
          render={({ field }) => {
            const choices = BRIEFING_TIME_CHOICES.includes(field.value)
              ? BRIEFING_TIME_CHOICES
              : [field.value, ...BRIEFING_TIME_CHOICES];
            return (
              <Row id={idFor('briefingTime')} label={t('notify.briefingTime')} hint={t('notify.briefingTimeHint')}>
                <Select
                  id={idFor('briefingTime')}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  showSearch
                  options={choices.map((time) => ({ value: time, label: time }))}
                  aria-describedby={`${idFor('briefingTime')}-description`}
                  style={{ width: 200, flex: 'none' }}
                />
              </Row>
            );
          }}
        />
      )}
    </>
  );
}

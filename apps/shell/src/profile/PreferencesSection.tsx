import { Controller } from 'react-hook-form';
import { Col, Form, Row, Select, theme } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { PROFILE_LANGUAGES, PROFILE_TIMEZONES, type ProfileTimezone, type ThemePreference } from '@aide/contracts';
import { useT } from '../i18n';
import { formItemProps } from './formItem';
import { SectionCard } from './SectionCard';
import type { ProfileSectionProps } from './sectionProps';

const THEME_KEYS = {
  light: 'theme.light',
  dark: 'theme.dark',
  system: 'theme.system',
} as const satisfies Record<ThemePreference, string>;
const TIMEZONE_KEYS = {
  UTC: 'timezone.UTC',
  'America/New_York': 'timezone.newYork',
  'America/Chicago': 'timezone.chicago',
  'America/Denver': 'timezone.denver',
  'America/Los_Angeles': 'timezone.losAngeles',
  'Europe/London': 'timezone.london',
  'Europe/Paris': 'timezone.paris',
  'Asia/Tokyo': 'timezone.tokyo',
} as const satisfies Record<ProfileTimezone, string>;
// Each language is named in itself (Español, 日本語), as a person looking for theirs expects.
const languageOptions = PROFILE_LANGUAGES.map((o) => ({ value: o.value, label: o.label }));

/** Timezone, language and theme (spec §5 options); the theme applies to the app once saved. */
export function PreferencesSection({ control, errors, idFor }: ProfileSectionProps) {
  const t = useT();
  const { token } = theme.useToken();
  const timezoneOptions = PROFILE_TIMEZONES.map((o) => ({ value: o.value, label: t(TIMEZONE_KEYS[o.value]) }));
  const themeOptions = (Object.keys(THEME_KEYS) as ThemePreference[]).map((value) => ({
    value,
    label: t(THEME_KEYS[value]),
  }));
  const item = (name: Parameters<typeof idFor>[0]) => formItemProps(errors, idFor, name);
  return (
    <SectionCard
      id="preferences"
      title={t('preferences.title')}
      description={t('preferences.description')}
      icon={<SettingOutlined />}
    >
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} md={8}>
          <Form.Item label={t('preferences.timezone')} {...item('timezone')} style={{ marginBottom: 0 }}>
            <Controller
              name="timezone"
              control={control}
              render={({ field }) => <Select {...field} id={idFor('timezone')} options={timezoneOptions} />}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('preferences.language')} {...item('language')} style={{ marginBottom: 0 }}>
            <Controller
              name="language"
              control={control}
              render={({ field }) => <Select {...field} id={idFor('language')} options={languageOptions} />}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('preferences.theme')} {...item('theme')} style={{ marginBottom: 0 }}>
            <Controller
              name="theme"
              control={control}
              render={({ field }) => <Select {...field} id={idFor('theme')} options={themeOptions} />}
            />
          </Form.Item>
        </Col>
      </Row>
    </SectionCard>
  );
}

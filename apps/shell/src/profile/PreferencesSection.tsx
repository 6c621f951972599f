import { Controller } from 'react-hook-form';
import { Col, Form, Row, Select, theme } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { PROFILE_LANGUAGES, PROFILE_TIMEZONES, type ThemePreference } from '@aide/contracts';
import { formItemProps } from './formItem';
import { SectionCard } from './SectionCard';
import type { ProfileSectionProps } from './sectionProps';

const THEME_LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const timezoneOptions = PROFILE_TIMEZONES.map((o) => ({ value: o.value, label: o.label }));
const languageOptions = PROFILE_LANGUAGES.map((o) => ({ value: o.value, label: o.label }));
const themeOptions = (Object.keys(THEME_LABELS) as ThemePreference[]).map((value) => ({
  value,
  label: THEME_LABELS[value],
}));

/** Timezone, language and theme (spec §5 options); the theme applies to the app once saved. */
export function PreferencesSection({ control, errors, idFor }: ProfileSectionProps) {
  const { token } = theme.useToken();
  const item = (name: Parameters<typeof idFor>[0]) => formItemProps(errors, idFor, name);
  return (
    <SectionCard title="Preferences" description="Regional settings and how Aide looks" icon={<SettingOutlined />}>
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} md={8}>
          <Form.Item label="Timezone" {...item('timezone')} style={{ marginBottom: 0 }}>
            <Controller
              name="timezone"
              control={control}
              render={({ field }) => <Select {...field} id={idFor('timezone')} options={timezoneOptions} />}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Language" {...item('language')} style={{ marginBottom: 0 }}>
            <Controller
              name="language"
              control={control}
              render={({ field }) => <Select {...field} id={idFor('language')} options={languageOptions} />}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Theme" {...item('theme')} style={{ marginBottom: 0 }}>
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

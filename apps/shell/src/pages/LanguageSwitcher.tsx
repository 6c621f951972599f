import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { PROFILE_LANGUAGES } from '@aide/contracts';
import { setLocale, useLocale, type Locale } from '@aide/i18n';
import { useT } from '../i18n/visitor';

// Each language named in itself (as the profile lists them), marked with its own language for screen readers.
const OPTIONS = PROFILE_LANGUAGES.map(({ value, label }) => ({
  value,
  label: <span lang={value}>{label}</span>,
}));

/**
 * Before sign-in the browser's language is the page's; this lets a visitor pick another one. It applies
 * at once (no reload), sets <html lang> and is remembered for the next visit. Signed in, the profile's
 * language takes over.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Select<Locale>
      value={locale}
      options={OPTIONS}
      onChange={(next) => void setLocale(next)}
      aria-label={t('language.label')}
      prefix={<GlobalOutlined aria-hidden />}
      popupMatchSelectWidth={false}
      // On a phone the header has room for the language's code only ('ES'); the list names them in full.
      labelRender={compact ? ({ value }) => String(value).toUpperCase() : undefined}
      style={compact ? undefined : { minWidth: 124 }}
    />
  );
}

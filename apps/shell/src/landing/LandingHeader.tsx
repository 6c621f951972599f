import { Button, Flex, Grid, Tooltip, Typography } from 'antd';
import { GoogleOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useT } from '../i18n/visitor';
import { LanguageSwitcher } from '../pages/LanguageSwitcher';
import { useTheme } from '../theme/ThemeProvider';
import { BRAND, GOOGLE_URL, LOGIN_URL } from './links';

const SECTION_LINKS = [
  { href: '#features', labelKey: 'landing.links.features' },
  { href: '#pricing', labelKey: 'landing.links.pricing' },
  { href: '#security', labelKey: 'landing.links.security' },
] as const;

/** Sticky top bar: brand, in-page links, language, theme toggle, 'Sign In' and 'Google'. */
export function LandingHeader() {
  const t = useT();
  const { mode, setPreference } = useTheme();
  const screens = Grid.useBreakpoint();
  return (
    <header className="aide-landing-header">
      <Flex align="center" gap={screens.sm ? 16 : 8} className="aide-landing-container" style={{ height: 64 }}>
        <a href="#top" className="aide-landing-brand" aria-label={t('landing.header.home')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {screens.sm !== false && <span>{BRAND}</span>}
        </a>
        {screens.md && (
          <nav aria-label={t('landing.header.sections')} style={{ marginInlineStart: 24 }}>
            <Flex gap={28}>
              {SECTION_LINKS.map((l) => (
                <Typography.Link key={l.href} href={l.href} className="aide-landing-navlink">
                  {t(l.labelKey)}
                </Typography.Link>
              ))}
            </Flex>
          </nav>
        )}
        <div style={{ flex: 1 }} />
        <LanguageSwitcher compact={!screens.sm} />
        <Tooltip
          title={mode === 'dark' ? t('landing.header.lightTheme') : t('landing.header.darkTheme')}
          mouseEnterDelay={0.7}
        >
          <Button
            type="text"
            shape="circle"
            aria-label={t('landing.header.toggleTheme')}
            icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => setPreference(mode === 'dark' ? 'light' : 'dark')}
          />
        </Tooltip>
        <Button href={LOGIN_URL}>{t('landing.header.signIn')}</Button>
        {/* On a phone the icon alone, still named 'Google'. */}
        <Button
          type="primary"
          href={GOOGLE_URL}
          icon={<GoogleOutlined />}
          aria-label={screens.sm ? undefined : t('landing.header.google')}
        >
          {screens.sm ? t('landing.header.google') : null}
        </Button>
      </Flex>
    </header>
  );
}

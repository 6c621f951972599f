import { Button, Flex, Grid, Tooltip, Typography } from 'antd';
import { GoogleOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTheme } from '../theme/ThemeProvider';
import { GOOGLE_URL, LOGIN_URL } from './links';

const SECTION_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#security', label: 'Security' },
];

/** Sticky top bar: brand, in-page links, theme toggle, 'Sign In' and 'Google'. */
export function LandingHeader() {
  const { mode, setPreference } = useTheme();
  const screens = Grid.useBreakpoint();
  return (
    <header className="aide-landing-header">
      <Flex align="center" gap={16} className="aide-landing-container" style={{ height: 64 }}>
        <a href="#top" className="aide-landing-brand" aria-label="Aide home">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Aide</span>
        </a>
        {screens.md && (
          <nav aria-label="Sections" style={{ marginInlineStart: 24 }}>
            <Flex gap={28}>
              {SECTION_LINKS.map((l) => (
                <Typography.Link key={l.href} href={l.href} className="aide-landing-navlink">
                  {l.label}
                </Typography.Link>
              ))}
            </Flex>
          </nav>
        )}
        <div style={{ flex: 1 }} />
        <Tooltip title={mode === 'dark' ? 'Light theme' : 'Dark theme'} mouseEnterDelay={0.7}>
          <Button
            type="text"
            shape="circle"
            aria-label="Toggle theme"
            icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => setPreference(mode === 'dark' ? 'light' : 'dark')}
          />
        </Tooltip>
        <Button href={LOGIN_URL}>Sign In</Button>
        <Button type="primary" href={GOOGLE_URL} icon={<GoogleOutlined />}>
          Google
        </Button>
      </Flex>
    </header>
  );
}

import { useRef, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Row, theme } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useHost, type PlacedDashboardWidget } from '@aide/module-kit';
import { PageHeader, useDashboardAnswer } from '@aide/ui';
import { useT } from '../i18n';
import { dayjs } from '../shared/time';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { CustomiseDashboard } from './CustomiseDashboard';
import { greetingForHour, greetingName, hasGreetingName } from './greeting';

/** The widget as the shell wraps it: its own error boundary and loading card (`Render`). */
function Widget({ widget: { Render } }: { widget: PlacedDashboardWidget }) {
  return <Render />;
}

/**
 * The dashboard: the greeting, then every enabled module's widgets in the user's order (see
 * `host.dashboard`): figures in the top strip, cards in a two-column grid below. Each widget loads
 * its own data and shows its own loading and error, so one module's failure leaves the others.
 */
export default function DashboardPage() {
  const { token } = theme.useToken();
  const t = useT();
  const { user, dashboard } = useHost();
  const profile = useProfileTimezone();
  const [customising, setCustomising] = useState(false);
  // The dialog is mounted only while open, so antd cannot hand focus back itself: the button that
  // opened it gets it again when it closes (saved, reset or cancelled).
  const opener = useRef<HTMLElement | null>(null);
  const openCustomise = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCustomising(true);
  };
  const closeCustomise = () => {
    setCustomising(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  // The cards' shared query, started here so it runs while their code loads. Spec: the subtitle says
  // so when the dashboard's data failed to load (each card shows the error itself).
  const answer = useDashboardAnswer(dashboard.visible.length > 0);

  // Spec: the greeting follows the local hour, the hour in the profile's timezone (a Tokyo profile
  // is greeted for Tokyo's time wherever the browser is); until the profile answers, the browser's.
  const hour = profile.isKnown ? dayjs().tz(profile.timezone).hour() : dayjs().hour();
  const greeting = greetingForHour(hour);
  const title = hasGreetingName(user)
    ? t('dashboard.greeting.title', { greeting, name: greetingName(user) })
    : t('dashboard.greeting.titleNoName', { greeting });
  const stats = dashboard.visible.filter((w) => w.size === 'stat');
  const cards = dashboard.visible.filter((w) => w.size !== 'stat');

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={title}
        subtitle={answer.isError ? t('dashboard.errorSubtitle') : t('dashboard.subtitle')}
        extra={
          <Button icon={<SettingOutlined />} onClick={openCustomise}>
            {t('dashboard.customise')}
          </Button>
        }
      />

      {dashboard.visible.length === 0 ? (
        <Card>
          <Empty description={t('dashboard.empty')}>
            <Button type="primary" onClick={openCustomise}>
              {t('dashboard.customise')}
            </Button>
          </Empty>
        </Card>
      ) : null}

      {stats.length > 0 ? (
        <Row gutter={[token.margin, token.margin]} role="list" aria-label={t('dashboard.glance')}>
          {stats.map((widget) => (
            // Up to four figures share a row evenly, so hiding one leaves no gap; more wrap by four.
            <Col key={widget.key} xs={12} lg={24 / Math.min(Math.max(stats.length, 1), 4)} role="listitem">
              <Widget widget={widget} />
            </Col>
          ))}
        </Row>
      ) : null}

      {cards.length > 0 ? (
        <Row gutter={[token.margin, token.margin]}>
          {cards.map((widget) => (
            <Col key={widget.key} xs={24} lg={widget.size === 'full' ? 24 : 12}>
              <Widget widget={widget} />
            </Col>
          ))}
        </Row>
      ) : null}

      {customising ? <CustomiseDashboard onClose={closeCustomise} /> : null}
    </Flex>
  );
}

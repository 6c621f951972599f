import { Flex, theme } from 'antd';
import { useHost } from '@aide/module-kit';
import { CalendarFeedCard } from './CalendarFeedCard';
import { CalendarIntegrationsPanel } from './CalendarIntegrationsPanel';

/**
 * The Calendar screen's Integrations tab: connected calendars, the iCalendar feed, then what other
 * modules put in the `calendar.integrations` slot (email's accounts, when email is enabled).
 */
export default function IntegrationsTab() {
  const { token } = theme.useToken();
  const { Slot } = useHost();
  return (
    <Flex vertical gap={token.marginLG}>
      <CalendarIntegrationsPanel />
      <CalendarFeedCard />
      <Slot name="calendar.integrations" />
    </Flex>
  );
}

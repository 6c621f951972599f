import { Flex, theme } from 'antd';
import { CalendarFeedCard } from './CalendarFeedCard';
import { CalendarIntegrationsPanel } from './CalendarIntegrationsPanel';
import { EmailIntegrationsSlot } from './EmailIntegrationsSlot';

/** The Calendar screen's Integrations tab: connected calendars, the iCalendar feed, then email's panel. */
export default function IntegrationsTab() {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginLG}>
      <CalendarIntegrationsPanel />
      <CalendarFeedCard />
      <EmailIntegrationsSlot />
    </Flex>
  );
}

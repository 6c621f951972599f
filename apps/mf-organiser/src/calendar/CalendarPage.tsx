import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Flex, Spin, Tabs, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CalendarEvent } from '@aide/contracts';
import { PageHeader } from '@aide/ui';
import { useT } from '../i18n';
import { dateKey, todayKey } from '../shared/time';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { useQuickActionTrigger } from '../shared/useQuickActionTrigger';
import { CalendarTab } from './CalendarTab';
import { DEFAULT_VIEW, type CalendarView } from './calendarRange';
import { EventFormDialog } from './EventFormDialog';
import { QuickAddBox } from '../quick-add/QuickAddBox';
import { useOpenEventParam } from './useOpenEventParam';

// The Integrations tab's code loads only when it is opened.
const IntegrationsTab = lazy(() => import('./integrations/IntegrationsTab'));

const TABS = { calendar: 'calendar', integrations: 'integrations' } as const;
type TabKey = keyof typeof TABS;
const TAB_PARAM = 'tab';

interface DialogState {
  open: boolean;
  /** The event being edited; null to add one. */
  event: CalendarEvent | null;
}

export default function CalendarPage() {
  const { token } = theme.useToken();
  const t = useT();
  const { timezone } = useProfileTimezone();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get(TAB_PARAM) === TABS.integrations ? 'integrations' : 'calendar';

  const [view, setView] = useState<CalendarView>(DEFAULT_VIEW);
  // Null until the user picks a day: then "today" follows the profile timezone once it loads.
  const [picked, setPicked] = useState<string | null>(null);
  const selectedKey = picked ?? todayKey(timezone);
  const [dialog, setDialog] = useState<DialogState>({ open: false, event: null });

  const openCreate = () => setDialog({ open: true, event: null });
  const openEdit = (event: CalendarEvent) => setDialog({ open: true, event });
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  // The link from the message an event came from (issue 26) arrives with ?event=<id>: its day, its dialog.
  useOpenEventParam((event) => {
    setPicked(dateKey(event.startTime, timezone));
    openEdit(event);
  });

  // The dashboard's 'Schedule Meeting' arrives with ?new=1.
  useQuickActionTrigger(() => {
    setTab('calendar');
    openCreate();
  });

  function setTab(next: TabKey) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'integrations') updated.set(TAB_PARAM, next);
        else updated.delete(TAB_PARAM);
        return updated;
      },
      { replace: true },
    );
  }

  const addEventButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="button-add-event">
      {t('calendar.addEvent')}
    </Button>
  );

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={t('calendar.title')}
        subtitle={t('calendar.subtitle')}
        extra={tab === 'calendar' ? addEventButton : null}
      />
      <QuickAddBox />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: TABS.calendar,
            label: t('calendar.tab.calendar'),
            children: (
              <CalendarTab
                view={view}
                onViewChange={setView}
                selectedKey={selectedKey}
                onSelect={setPicked}
                timezone={timezone}
                onOpenEvent={openEdit}
              />
            ),
          },
          {
            key: TABS.integrations,
            label: t('calendar.tab.integrations'),
            children: (
              <Suspense fallback={<Spin />}>
                <IntegrationsTab />
              </Suspense>
            ),
          },
        ]}
      />
      <EventFormDialog
        open={dialog.open}
        event={dialog.event}
        dayKey={selectedKey}
        timezone={timezone}
        onClose={closeDialog}
      />
    </Flex>
  );
}

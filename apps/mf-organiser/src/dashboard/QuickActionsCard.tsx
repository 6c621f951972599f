import { type ReactNode, useEffect } from 'react';
import { Button, Col, Row, theme } from 'antd';
import {
  CalendarOutlined,
  ExperimentOutlined,
  PlusOutlined,
  SendOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { DashboardCard, whenIdle } from '@aide/ui';
import { useT, type OrganiserKey } from '../i18n';
import { QUICK_ACTION_PARAM } from '../shared/useQuickActionTrigger';
import { QuickAddAction } from '../quick-add/QuickAddAction';

interface QuickAction {
  labelKey: OrganiserKey;
  icon: ReactNode;
  /** '?new=1' asks the target screen to press its add button 100 ms after arriving (spec §2, §9). */
  to: string;
}

const ACTIONS: QuickAction[] = [
  { labelKey: 'dashboard.quick.addTask', icon: <PlusOutlined />, to: `/tasks?${QUICK_ACTION_PARAM}=1` },
  { labelKey: 'dashboard.quick.scheduleMeeting', icon: <CalendarOutlined />, to: `/calendar?${QUICK_ACTION_PARAM}=1` },
  { labelKey: 'dashboard.quick.startResearch', icon: <ExperimentOutlined />, to: '/research' },
  { labelKey: 'dashboard.quick.createPost', icon: <SendOutlined />, to: '/social' },
];

/**
 * Fetches, once the dashboard is drawn, the antd components of the forms behind Add New Task and
 * Schedule Meeting and of the Calendar (date picker, select, input number, radio), which no card
 * renders: fetched at the first click instead, Add New Task and Calendar took 1.3 s at load 4 (the
 * front end's bench). The dashboard's own chunk does not import them, so no card waits for them.
 */
function useFormComponentsBesideTheDashboard() {
  useEffect(() => {
    const load = () =>
      void Promise.all([
        import('antd/es/date-picker'),
        import('antd/es/select'),
        import('antd/es/input-number'),
        import('antd/es/radio'),
      ]).catch(() => {
        // Only a head start: the screen that needs them asks again, and shows its own failure.
      });
    // Once the dashboard has been drawn: their code, run as it arrived, held up the dashboard's paint.
    // Without requestIdleCallback (Safari), the next task, after the dashboard's render.
    return whenIdle(load, { timeout: 1000, fallbackDelay: 0 });
  }, []);
}

export function QuickActionsCard() {
  const { token } = theme.useToken();
  const { navigate, preload } = useHost();
  const t = useT();
  useFormComponentsBesideTheDashboard();
  return (
    <DashboardCard title={t('widget.quickActions')} icon={<ThunderboltOutlined />}>
      <QuickAddAction />
      <Row gutter={[token.marginSM, token.marginSM]}>
        {ACTIONS.map((action) => (
          <Col key={action.labelKey} span={12}>
            <Button
              block
              icon={action.icon}
              onClick={() => navigate(action.to)}
              // Pointed at or focused, the screen's code starts loading: the click finds it there.
              onMouseEnter={() => preload?.(action.to)}
              onFocus={() => preload?.(action.to)}
              style={{
                height: 'auto',
                minHeight: token.controlHeightLG * 1.6,
                flexDirection: 'column',
                gap: token.marginXXS,
                whiteSpace: 'normal',
              }}
            >
              {t(action.labelKey)}
            </Button>
          </Col>
        ))}
      </Row>
    </DashboardCard>
  );
}

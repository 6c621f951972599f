import type { ReactNode } from 'react';
import { Button, Col, Row, theme } from 'antd';
import {
  CalendarOutlined,
  ExperimentOutlined,
  PlusOutlined,
  SendOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { DashboardCard } from '@aide/ui';
import { QUICK_ACTION_PARAM } from '../shared/useQuickActionTrigger';

interface QuickAction {
  label: string;
  icon: ReactNode;
  /** '?new=1' asks the target screen to press its add button 100 ms after arriving (spec §2, §9). */
  to: string;
}

const ACTIONS: QuickAction[] = [
  { label: 'Add New Task', icon: <PlusOutlined />, to: `/tasks?${QUICK_ACTION_PARAM}=1` },
  { label: 'Schedule Meeting', icon: <CalendarOutlined />, to: `/calendar?${QUICK_ACTION_PARAM}=1` },
  { label: 'Start Research', icon: <ExperimentOutlined />, to: '/research' },
  { label: 'Create Social Post', icon: <SendOutlined />, to: '/social' },
];

export function QuickActionsCard() {
  const { token } = theme.useToken();
  const { navigate } = useHost();
  return (
    <DashboardCard title="Quick Actions" icon={<ThunderboltOutlined />}>
      <Row gutter={[token.marginSM, token.marginSM]}>
        {ACTIONS.map((action) => (
          <Col key={action.label} span={12}>
            <Button
              block
              icon={action.icon}
              onClick={() => navigate(action.to)}
              style={{
                height: 'auto',
                minHeight: token.controlHeightLG * 1.6,
                flexDirection: 'column',
                gap: token.marginXXS,
                whiteSpace: 'normal',
              }}
            >
              {action.label}
            </Button>
          </Col>
        ))}
      </Row>
    </DashboardCard>
  );
}

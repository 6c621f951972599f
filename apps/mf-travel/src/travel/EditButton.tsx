import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { TravelPlan } from '@aide/contracts';
import { useT } from '../i18n';
import { isGenerating } from './travelView';

/**
 * Edit Itinerary / Budget / Expenses / Checklist: shown only when the plan passes the edit check
 * (spec §2: `plan.editable`, the server's answer); disabled, with why, while the plan is being written.
 */
export function EditButton({
  plan,
  onClick,
  children,
  icon = <EditOutlined />,
}: {
  plan: TravelPlan;
  onClick: () => void;
  children: ReactNode;
  icon?: ReactNode;
}) {
  const t = useT();
  if (!plan.editable) return null;
  const generating = isGenerating(plan);
  const button = (
    <Button size="small" icon={icon} disabled={generating} onClick={onClick}>
      {children}
    </Button>
  );
  return generating ? <Tooltip title={t('card.waitForPlan')}>{button}</Tooltip> : button;
}

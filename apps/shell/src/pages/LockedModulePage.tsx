import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { LockedModuleEntry } from '@aide/contracts';
import { planLabel } from '../auth/plan-label';

function reasonText({ reason, requiredPlan }: LockedModuleEntry): string {
  if (reason === 'disabled') return 'An administrator has switched this module off.';
  if (reason === 'admin-only') return 'Only administrators can use this module.';
  return requiredPlan ? `Upgrade to ${planLabel(requiredPlan)} to use it.` : 'Upgrade your plan to use it.';
}

/** What a route of a module the user may not use shows, instead of the 404 (DECISIONS: "not available"). */
export function LockedModulePage({ entry }: { entry: LockedModuleEntry }) {
  const navigate = useNavigate();
  // Home ('/') belongs to the organiser: when that is the locked module, Home would be this screen again.
  const home = entry.routes.includes('/') ? '/profile' : '/';
  return (
    <Result
      status="403"
      title={`${entry.title} is not available on your plan`}
      subTitle={reasonText(entry)}
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          {home === '/' ? 'Go Home' : 'Go to Profile'}
        </Button>
      }
    />
  );
}

import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { LockedModuleEntry } from '@aide/contracts';
import { planLabel } from '../auth/plan-label';
import { useT, type VisitorT } from '../i18n/visitor';
import { useModuleTitle } from '../layout/moduleTitles';

/** The headline says why the module is closed; the line below says what would open it. */
function texts(t: VisitorT, module: string, { reason, requiredPlan }: LockedModuleEntry) {
  if (reason === 'disabled')
    return { title: t('pages.locked.disabledTitle', { module }), reason: t('pages.locked.disabled') };
  if (reason === 'admin-only')
    return { title: t('pages.locked.adminOnlyTitle', { module }), reason: t('pages.locked.adminOnly') };
  return {
    title: t('pages.locked.planTitle', { module }),
    // Plan names are the same in every language (docs/GLOSSARY.md).
    reason: requiredPlan ? t('pages.locked.upgradeTo', { plan: planLabel(requiredPlan) }) : t('pages.locked.upgrade'),
  };
}

/** What a route of a module the user may not use shows, instead of the 404 (DECISIONS: "not available"). */
export function LockedModulePage({ entry }: { entry: LockedModuleEntry }) {
  const t = useT();
  const navigate = useNavigate();
  // Home ('/') belongs to the organiser: when that is the locked module, Home would be this screen again.
  const home = entry.routes.includes('/') ? '/profile' : '/';
  const titleOf = useModuleTitle();
  const { title, reason } = texts(t, titleOf(entry.id, entry.title), entry);
  return (
    <Result
      status="403"
      title={
        <Typography.Title level={1} style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>
          {title}
        </Typography.Title>
      }
      subTitle={reason}
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          {home === '/' ? t('pages.goHome') : t('pages.goToProfile')}
        </Button>
      }
    />
  );
}

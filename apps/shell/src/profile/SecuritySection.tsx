import { Descriptions, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { AuthUser } from '@aide/contracts';
import { useT } from '../i18n';
import { formatDayTime } from '../layout/dates';
import { roleLabel, statusLabel } from '../admin/adminLabels';
import { DangerZone } from './account-data/DangerZone';
import { SectionCard } from './SectionCard';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Never' when the account has no recorded sign-in (spec §2). */
function lastLogin(at: string | null, never: string): string {
  if (!at || Number.isNaN(new Date(at).getTime())) return never;
  return formatDayTime(at);
}

/** How the account is protected, its status, and the danger zone (delete the account, or contact support where the plan says so). */
export function SecuritySection({ user }: { user: AuthUser }) {
  const t = useT();
  const active = user.status === 'active';
  return (
    <SectionCard
      id="security"
      title={t('security.title')}
      description={t('security.description')}
      icon={<LockOutlined />}
    >
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 130 } }}
        items={[
          {
            key: 'auth',
            label: t('security.authentication'),
            children: t('security.authenticationDetail'),
          },
          {
            key: 'status',
            label: t('security.status'),
            children: (
              <Tag color={active ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
                {statusLabel(t, user.status)}
              </Tag>
            ),
          },
          { key: 'plan', label: t('security.plan'), children: t('layout.plan', { plan: capitalise(user.plan) }) },
          { key: 'role', label: t('security.role'), children: roleLabel(t, user.role) },
          {
            key: 'lastLogin',
            label: t('security.lastLogin'),
            children: lastLogin(user.lastLoginAt, t('common.never')),
          },
        ]}
      />
      <DangerZone />
    </SectionCard>
  );
}

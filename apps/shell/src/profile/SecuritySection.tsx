import { Descriptions, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { AuthUser } from '@aide/contracts';
import { DangerZone } from './account-data/DangerZone';
import { SectionCard } from './SectionCard';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Never' when the account has no recorded sign-in (spec §2). */
function lastLogin(at: string | null): string {
  if (!at) return 'Never';
  const when = dayjs(at);
  return when.isValid() ? when.format('D MMM YYYY, HH:mm') : 'Never';
}

/** How the account is protected, its status, and the danger zone (delete the account, or contact support where the plan says so). */
export function SecuritySection({ user }: { user: AuthUser }) {
  const active = user.status === 'active';
  return (
    <SectionCard title="Security" description="Your sign-in and account status" icon={<LockOutlined />}>
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 130 } }}
        items={[
          {
            key: 'auth',
            label: 'Authentication',
            children: 'Signed in with a secure session cookie. Passwords are stored as argon2 hashes.',
          },
          {
            key: 'status',
            label: 'Account status',
            children: (
              <Tag color={active ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
                {capitalise(user.status)}
              </Tag>
            ),
          },
          { key: 'plan', label: 'Plan', children: `${capitalise(user.plan)} plan` },
          { key: 'role', label: 'Role', children: capitalise(user.role) },
          { key: 'lastLogin', label: 'Last login', children: lastLogin(user.lastLoginAt) },
        ]}
      />
      <DangerZone />
    </SectionCard>
  );
}

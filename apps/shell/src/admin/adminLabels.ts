import type { TagProps } from 'antd';
import { USER_PLANS, USER_ROLES, type UserPlan, type UserRole } from '@aide/contracts';
import type { t as shellT } from '../i18n';

type Translate = typeof shellT;

/** Plan names are product names: they stay as they are in every language (docs/GLOSSARY.md). */
export const PLAN_LABELS: Record<UserPlan, string> = { free: 'Free', premium: 'Premium', enterprise: 'Enterprise' };
export const PLAN_TAG_COLORS: Record<UserPlan, TagProps['color']> = {
  free: 'default',
  premium: 'gold',
  enterprise: 'purple',
};

const ROLE_KEYS = { user: 'admin.role.user', admin: 'admin.role.admin' } as const satisfies Record<UserRole, string>;
const STATUS_KEYS: Record<string, Parameters<Translate>[0]> = {
  active: 'admin.status.active',
  inactive: 'admin.status.inactive',
  suspended: 'admin.status.suspended',
};

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const roleLabel = (t: Translate, role: UserRole) => t(ROLE_KEYS[role]);
/** An account status in the reader's language; one the shell does not know shows as the API sends it. */
export const statusLabel = (t: Translate, status: string) =>
  STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : capitalise(status);

export const roleOptions = (t: Translate) => USER_ROLES.map((value) => ({ value, label: roleLabel(t, value) }));
export const planOptions = USER_PLANS.map((value) => ({ value, label: PLAN_LABELS[value] }));

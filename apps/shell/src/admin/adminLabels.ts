import type { TagProps } from 'antd';
import { USER_PLANS, USER_ROLES, type UserPlan, type UserRole } from '@aide/contracts';

export const ROLE_LABELS: Record<UserRole, string> = { user: 'User', admin: 'Admin' };
export const PLAN_LABELS: Record<UserPlan, string> = { free: 'Free', premium: 'Premium', enterprise: 'Enterprise' };
export const PLAN_TAG_COLORS: Record<UserPlan, TagProps['color']> = {
  free: 'default',
  premium: 'gold',
  enterprise: 'purple',
};

export const roleOptions = USER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const planOptions = USER_PLANS.map((value) => ({ value, label: PLAN_LABELS[value] }));

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Dates in tables: '3 Mar 2026' and '3 Mar 2026, 14:05'. */
export const DATE_FORMAT = 'D MMM YYYY';
export const DATE_TIME_FORMAT = 'D MMM YYYY, HH:mm';

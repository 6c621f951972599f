/** What the screen shows of posts and stats, computed from the data alone. Pure: no React. */
import dayjs from 'dayjs';
import { DATE_STYLES, formatDateStyle, formatNumber, formatPercent } from '@aide/i18n';
import {
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
  type SocialPlatformStats,
  type SocialPost,
  type SocialPostStatus,
} from '@aide/contracts';
import { t } from '../i18n';

/** Spec §3: the status tag's text, in the language shown. */
export const statusLabel = (status: SocialPostStatus) => t(`status.${status}`);

export const platformLabel = (platform: SocialPlatform) => SOCIAL_PLATFORM_LABELS[platform];

/** Spec §2 tabs (their names: `tab.<key>` in the catalog). */
export const POST_TABS = ['all', 'draft', 'scheduled', 'published'] as const;
export type PostTab = (typeof POST_TABS)[number];

/** The posts a tab shows, in the API's order (newest first). */
export function postsInTab(posts: readonly SocialPost[], tab: PostTab): SocialPost[] {
  return tab === 'all' ? [...posts] : posts.filter((post) => post.status === tab);
}

export function tabCounts(posts: readonly SocialPost[]): Record<PostTab, number> {
  const count = (status: SocialPostStatus) => posts.filter((post) => post.status === status).length;
  return { all: posts.length, draft: count('draft'), scheduled: count('scheduled'), published: count('published') };
}

/** The day a post sits on in the calendar: when it goes out (scheduled) or went out (published); drafts have none. */
export function calendarDate(post: SocialPost): string | null {
  if (post.status === 'scheduled') return post.scheduledAt;
  if (post.status === 'published') return post.publishedAt;
  return null;
}

/** Posts by local day ('YYYY-MM-DD'), each day in time order. */
export function postsByDay(posts: readonly SocialPost[]): Map<string, SocialPost[]> {
  const days = new Map<string, SocialPost[]>();
  const dated = posts
    .map((post) => ({ post, at: calendarDate(post) }))
    .filter((entry): entry is { post: SocialPost; at: string } => entry.at !== null)
    .sort((a, b) => dayjs(a.at).valueOf() - dayjs(b.at).valueOf());
  for (const { post, at } of dated) {
    const key = dayjs(at).format('YYYY-MM-DD');
    days.set(key, [...(days.get(key) ?? []), post]);
  }
  return days;
}

/** The stat card's growth line: '+12%' up, '−5%' down, '0%' flat, '—' when last week had nothing. */
export interface GrowthView {
  text: string;
  direction: 'up' | 'down' | 'flat' | 'none';
  /** What the tooltip explains. */
  explanation: string;
}

/** The growth line's texts, in the language shown (read when used). */
export const GROWTH_TEXT = {
  get noFigures() {
    return t('growth.noFigures');
  },
  byEngagement: (thisWeek: number, lastWeek: number) =>
    t('growth.byEngagement', { thisWeek: formatNumber(thisWeek), lastWeek: formatNumber(lastWeek) }),
  byPosts: (thisWeek: number, lastWeek: number) =>
    t('growth.byPosts', { thisWeek: formatNumber(thisWeek), lastWeek: formatNumber(lastWeek) }),
};

export function growthView(growth: SocialPlatformStats['growth']): GrowthView {
  const counts =
    growth.basis === 'posts'
      ? GROWTH_TEXT.byPosts(growth.thisWeek, growth.lastWeek)
      : GROWTH_TEXT.byEngagement(growth.thisWeek, growth.lastWeek);
  if (growth.percent === null) {
    return { text: '—', direction: 'none', explanation: t('growth.noFiguresAnd', { counts }) };
  }
  const rounded = Math.round(growth.percent);
  // The sign is ours (a true minus, '−'); the number and its % the language's ('20 %' in French).
  const percent = formatPercent(Math.abs(rounded) / 100);
  if (rounded > 0) return { text: `+${percent}`, direction: 'up', explanation: counts };
  if (rounded < 0) return { text: `−${percent}`, direction: 'down', explanation: counts };
  return { text: percent, direction: 'flat', explanation: counts };
}

/** 'Mar 3, 2026 14:05' (the card's dates) · '3 mar 2026, 14:05' · '2026/03/03 14:05'. */
export const postDateTime = (iso: string) => formatDateStyle(iso, DATE_STYLES.mediumDateTime);
/** The tooltip's, with the weekday: 'Tuesday, March 3, 2026 14:05'. */
export const postDateLong = (iso: string) => formatDateStyle(iso, DATE_STYLES.longDateTime);

/** A compact figure in the language shown: 1234 → '1.2K' · '1,2 k' · '1234'. */
export function compactNumber(value: number): string {
  return formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 });
}

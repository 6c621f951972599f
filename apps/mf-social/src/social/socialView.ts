/** What the screen shows of posts and stats, computed from the data alone. Pure: no React. */
import dayjs from 'dayjs';
import {
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
  type SocialPlatformStats,
  type SocialPost,
  type SocialPostStatus,
} from '@aide/contracts';

/** Spec §3: the status tag's text. */
export const STATUS_LABELS: Record<SocialPostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const platformLabel = (platform: SocialPlatform) => SOCIAL_PLATFORM_LABELS[platform];

/** Spec §2 tabs. */
export const POST_TABS = [
  { key: 'all', label: 'All Posts' },
  { key: 'draft', label: 'Drafts' },
  { key: 'scheduled', label: 'Scheduled' },
  { key: 'published', label: 'Published' },
] as const;
export type PostTab = (typeof POST_TABS)[number]['key'];

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

export const GROWTH_TEXT = {
  noFigures: 'No figures last week',
  byEngagement: (thisWeek: number, lastWeek: number) => `Engagement this week: ${thisWeek}, last week: ${lastWeek}`,
  byPosts: (thisWeek: number, lastWeek: number) =>
    `Counts posts published (this week: ${thisWeek}, last week: ${lastWeek}), because no engagement figures are available for this platform`,
} as const;

export function growthView(growth: SocialPlatformStats['growth']): GrowthView {
  const counts =
    growth.basis === 'posts'
      ? GROWTH_TEXT.byPosts(growth.thisWeek, growth.lastWeek)
      : GROWTH_TEXT.byEngagement(growth.thisWeek, growth.lastWeek);
  if (growth.percent === null) {
    return { text: '—', direction: 'none', explanation: `${GROWTH_TEXT.noFigures}. ${counts}` };
  }
  const rounded = Math.round(growth.percent);
  if (rounded > 0) return { text: `+${rounded}%`, direction: 'up', explanation: counts };
  if (rounded < 0) return { text: `−${Math.abs(rounded)}%`, direction: 'down', explanation: counts };
  return { text: '0%', direction: 'flat', explanation: counts };
}

/** 'Mar 3, 2026 14:05' (the card's dates); the tooltip has the weekday. */
export const postDateTime = (iso: string) => dayjs(iso).format('MMM D, YYYY HH:mm');
export const postDateLong = (iso: string) => dayjs(iso).format('dddd, MMMM D, YYYY HH:mm');

/** A compact figure: 1234 → '1.2K'. */
export function compactNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

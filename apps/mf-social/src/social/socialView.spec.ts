import { aPost } from '../../test/factories';
import { growthView, GROWTH_TEXT, postsByDay, postsInTab, tabCounts } from './socialView';

describe('socialView', () => {
  const draft = aPost({ status: 'draft' });
  const scheduled = aPost({ status: 'scheduled', scheduledAt: '2026-03-10T09:00:00.000Z' });
  const published = aPost({ status: 'published', publishedAt: '2026-03-10T08:00:00.000Z' });
  const all = [draft, scheduled, published];

  it('filters posts per tab and counts them', () => {
    expect(postsInTab(all, 'all')).toEqual(all);
    expect(postsInTab(all, 'draft')).toEqual([draft]);
    expect(postsInTab(all, 'scheduled')).toEqual([scheduled]);
    expect(postsInTab(all, 'published')).toEqual([published]);
    expect(tabCounts(all)).toEqual({ all: 3, draft: 1, scheduled: 1, published: 1 });
  });

  it('puts scheduled and published posts on their day in time order, and drafts nowhere', () => {
    const days = postsByDay(all);
    expect([...days.values()].flat().map((p) => p.id)).toEqual([published.id, scheduled.id]);
  });

  it('shows growth with its sign, and — when last week had nothing', () => {
    expect(growthView({ basis: 'engagement', thisWeek: 12, lastWeek: 10, percent: 20 })).toMatchObject({
      text: '+20%',
      direction: 'up',
    });
    expect(growthView({ basis: 'engagement', thisWeek: 5, lastWeek: 10, percent: -50 })).toMatchObject({
      text: '−50%',
      direction: 'down',
    });
    expect(growthView({ basis: 'engagement', thisWeek: 10, lastWeek: 10, percent: 0 })).toMatchObject({
      text: '0%',
      direction: 'flat',
    });
    const none = growthView({ basis: 'engagement', thisWeek: 3, lastWeek: 0, percent: null });
    expect(none).toMatchObject({ text: '—', direction: 'none' });
    expect(none.explanation).toContain(GROWTH_TEXT.noFigures);
    expect(growthView({ basis: 'posts', thisWeek: 2, lastWeek: 1, percent: 100 }).explanation).toContain(
      'Counts posts published',
    );
  });
});

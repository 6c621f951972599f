import { serverMessageCatalog } from '@aide/contracts/server-messages';
import type { DigestSection, DigestWeeks, WeekFigure } from './digest-source';

/**
 * The digest's words (issue 27). Every sentence is an English key of the server catalogs
 * (libs/contracts/src/i18n/messages.*.ts, section "Weekly digest"), chosen whole (one key per
 * number form: '1 task' and '{count} tasks'), translated, then filled in; no sentence is put
 * together from pieces, and every number comes from a section's facts.
 */

/** One section of the mail: a heading, sentences, an optional list, and a link into the app. */
export interface DigestBlock {
  kind: DigestSection['kind'];
  heading: string;
  sentences: string[];
  items: string[];
  /** A sentence after the list ('There are 3 more events…'), or null. */
  after: string | null;
  /** The in-app path the section links to, and the link's words. */
  link: { path: string; label: string };
}

/** The whole digest in the reader's language, before it is rendered as HTML and text. */
export interface DigestDocument {
  language: string;
  subject: string;
  intro: string;
  blocks: DigestBlock[];
  /** Set when there is nothing at all to say (then no mail goes out; the preview says so). */
  empty: string | null;
  footer: { why: string; settings: string; unsubscribe: string };
}

/** `key` in `language` (English when the catalog lacks it), its {placeholders} filled with `values`. */
export function say(language: string, key: string, values: Record<string, string | number> = {}): string {
  const template = serverMessageCatalog(language)?.[key] ?? key;
  const numbers = new Intl.NumberFormat(language);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

/** One form for 1 and one for every other count (the catalogs' languages need no more). */
const counted = (language: string, count: number, one: string, many: string) =>
  say(language, count === 1 ? one : many, { count });

/**
 * The change on the week before, as a sentence: 'That is up 12% on the week before.'; no
 * percentage when the week before was 0 ('The week before had none.').
 */
export function changeSentence(language: string, { lastWeek, weekBefore }: WeekFigure): string {
  if (weekBefore === 0) return say(language, 'The week before had none.');
  if (lastWeek === weekBefore) return say(language, 'That is the same as the week before.');
  const percent = Math.round((Math.abs(lastWeek - weekBefore) * 100) / weekBefore);
  if (percent === 0) return say(language, 'That is about the same as the week before.');
  return lastWeek > weekBefore
    ? say(language, 'That is up {percent}% on the week before.', { percent })
    : say(language, 'That is down {percent}% on the week before.', { percent });
}

/** A figure's sentence and its change, or nothing when both weeks were 0. */
function figure(language: string, value: WeekFigure, one: string, many: string): string[] {
  if (value.lastWeek === 0 && value.weekBefore === 0) return [];
  return [counted(language, value.lastWeek, one, many), changeSentence(language, value)];
}

function dateFormat(language: string, timezone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(language, { timeZone: timezone, ...options });
}

function block(language: string, weeks: DigestWeeks, section: DigestSection): DigestBlock {
  const l = language;
  switch (section.kind) {
    case 'tasks': {
      const more = section.completed.lastWeek - section.titles.length;
      return {
        kind: 'tasks',
        heading: say(l, 'Tasks'),
        sentences: figure(
          l,
          section.completed,
          'You completed 1 task last week.',
          'You completed {count} tasks last week.',
        ),
        items: section.titles,
        after:
          more > 0
            ? counted(
                l,
                more,
                'You completed 1 more task besides these.',
                'You completed {count} more tasks besides these.',
              )
            : null,
        link: { path: '/tasks', label: say(l, 'Open your tasks') },
      };
    }
    case 'events': {
      const time = dateFormat(l, weeks.timezone, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      });
      const items = section.events.map((event) => {
        const when = time.format(new Date(event.start));
        return event.location
          ? say(l, '{when}: {title} at {location}', { when, title: event.title, location: event.location })
          : say(l, '{when}: {title}', { when, title: event.title });
      });
      const more = section.total - section.events.length;
      return {
        kind: 'events',
        heading: say(l, 'Calendar'),
        sentences: [counted(l, section.total, 'You have 1 event this week.', 'You have {count} events this week.')],
        items,
        after:
          more > 0
            ? counted(
                l,
                more,
                'There is 1 more event in your calendar this week.',
                'There are {count} more events in your calendar this week.',
              )
            : null,
        link: { path: '/calendar', label: say(l, 'Open your calendar') },
      };
    }
    case 'email':
      return {
        kind: 'email',
        heading: say(l, 'Mail'),
        sentences: [
          ...figure(l, section.received, 'You received 1 email last week.', 'You received {count} emails last week.'),
          ...figure(l, section.sent, 'You sent 1 email last week.', 'You sent {count} emails last week.'),
        ],
        items: [],
        after: null,
        link: { path: '/email', label: say(l, 'Open your email') },
      };
    case 'website':
      return {
        kind: 'website',
        heading: say(l, 'Website traffic'),
        sentences: [
          ...figure(
            l,
            section.visitors,
            'Your websites had 1 visitor last week.',
            'Your websites had {count} visitors last week.',
          ),
          ...figure(
            l,
            section.pageViews,
            'Your websites had 1 page view last week.',
            'Your websites had {count} page views last week.',
          ),
        ],
        items: [],
        after: null,
        link: { path: '/website', label: say(l, 'Open your websites') },
      };
    case 'social':
      return {
        kind: 'social',
        heading: say(l, 'Social engagement'),
        sentences: [
          ...figure(
            l,
            section.likes,
            'Your posts received 1 like last week.',
            'Your posts received {count} likes last week.',
          ),
          ...figure(
            l,
            section.shares,
            'Your posts were shared once last week.',
            'Your posts were shared {count} times last week.',
          ),
          ...figure(
            l,
            section.comments,
            'Your posts received 1 comment last week.',
            'Your posts received {count} comments last week.',
          ),
          ...figure(
            l,
            section.reach,
            'Your posts reached 1 person last week.',
            'Your posts reached {count} people last week.',
          ),
        ],
        items: [],
        after: null,
        link: { path: '/social', label: say(l, 'Open your social media') },
      };
  }
}

/** Sections in the mail's order, whatever order the modules answered in. */
const ORDER: DigestSection['kind'][] = ['tasks', 'events', 'email', 'website', 'social'];

/**
 * The digest of `sections` in `language`. A section with nothing to say is left out by its source
 * (null); when none is left, `empty` says so and the sweep sends nothing.
 */
export function composeDigest(
  language: string,
  weeks: DigestWeeks,
  sections: readonly DigestSection[],
): DigestDocument {
  const l = language;
  const long = dateFormat(l, weeks.timezone, { day: 'numeric', month: 'long' });
  // Sunday, the last day of last week: noon before the week's end is safely inside it.
  const sunday = new Date(weeks.lastWeek.to.getTime() - 12 * 3_600_000);
  const blocks = [...sections]
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
    .map((section) => block(l, weeks, section))
    .filter((b) => b.sentences.length > 0 || b.items.length > 0);
  return {
    language: l,
    subject: say(l, 'Your week in review: {date}', { date: long.format(weeks.thisWeek.from) }),
    intro: say(l, 'Here is your week from {from} to {to}, and what the coming days hold.', {
      from: long.format(weeks.lastWeek.from),
      to: long.format(sunday),
    }),
    blocks,
    empty:
      blocks.length === 0
        ? say(l, 'Nothing happened last week and nothing is planned this week, so no digest will be sent.')
        : null,
    footer: {
      why: say(l, 'You receive this digest because the weekly digest is on in your profile.'),
      settings: say(l, 'Change your notification settings'),
      unsubscribe: say(l, 'Unsubscribe from the weekly digest'),
    },
  };
}

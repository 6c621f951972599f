import { z } from 'zod';
import { listOf, say } from './briefing-text';

/** The AI task that writes the briefing's summary (offline: summarizeBriefing's templates). */
export const BRIEFING_SUMMARY_TASK = 'briefing.summary';

/** What the summary may say: only what the sections hold, in plain values (times already local 'HH:mm'). */
export interface BriefingFacts {
  language: string;
  /** Whether the schedule is part of the briefing (the organiser is on): then an empty day is said. */
  schedule: boolean;
  events: { title: string; time: string }[];
  free: { start: string; end: string }[];
  overdueTasks: string[];
  dueTasks: string[];
  mail: { from: string; subject: string }[];
  trip: { destination: string; startsInDays: number; openItems: number } | null;
  sitesDown: string[];
  reports: string[];
}

/** Lists name at most this many things; beyond, "among them" the first few. */
const LIST_MAX = 3;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The offline engine's summary: one sentence per kind of thing, from templates in the reader's
 * language, each naming only what the facts hold. Pure.
 */
export function summarizeBriefing(facts: BriefingFacts): string {
  const { language: lang } = facts;
  const sentences: string[] = [];
  const list = (items: readonly string[]) => listOf(items.slice(0, LIST_MAX), lang);
  const anythingElse =
    facts.overdueTasks.length +
      facts.dueTasks.length +
      facts.mail.length +
      facts.sitesDown.length +
      facts.reports.length >
      0 || facts.trip !== null;

  if (facts.schedule) {
    const [first] = facts.events;
    if (!first) {
      if (!anythingElse) return say('nothing', lang);
      sentences.push(say('calendarClear', lang));
    } else {
      sentences.push(
        facts.events.length === 1
          ? say('oneEvent', lang, { time: first.time, title: first.title })
          : say('manyEvents', lang, { count: facts.events.length, time: first.time, title: first.title }),
      );
      const [one, two] = facts.free;
      if (facts.free.length === 1) sentences.push(say('freeOnce', lang, { start: one.start, end: one.end }));
      else if (facts.free.length === 2)
        sentences.push(say('freeTwice', lang, { start: one.start, end: one.end, start2: two.start, end2: two.end }));
      else if (facts.free.length > 2) {
        const longest = facts.free.reduce((best, span) =>
          minutes(span.end) - minutes(span.start) > minutes(best.end) - minutes(best.start) ? span : best,
        );
        sentences.push(say('freeLongest', lang, { start: longest.start, end: longest.end }));
      }
    }
  } else if (!anythingElse) {
    return say('nothingElse', lang);
  }

  const tasks = (
    titles: string[],
    one: 'oneOverdue' | 'oneDue',
    many: 'manyOverdue' | 'manyDue',
    some: 'manyOverdueSome' | 'manyDueSome',
  ) => {
    if (titles.length === 1) sentences.push(say(one, lang, { title: titles[0] }));
    else if (titles.length > 1)
      sentences.push(say(titles.length > LIST_MAX ? some : many, lang, { count: titles.length, titles: list(titles) }));
  };
  tasks(facts.overdueTasks, 'oneOverdue', 'manyOverdue', 'manyOverdueSome');
  tasks(facts.dueTasks, 'oneDue', 'manyDue', 'manyDueSome');

  if (facts.mail.length === 1) {
    const [mail] = facts.mail;
    sentences.push(say('oneMail', lang, { name: mail.from, subject: mail.subject || say('noSubject', lang) }));
  } else if (facts.mail.length > 1) {
    const senders = [...new Set(facts.mail.map((mail) => mail.from))];
    sentences.push(
      senders.length <= LIST_MAX
        ? say('manyMail', lang, { count: facts.mail.length, names: listOf(senders, lang) })
        : say('manyMailMany', lang, { count: facts.mail.length }),
    );
  }

  if (facts.trip) {
    const { destination, startsInDays, openItems } = facts.trip;
    sentences.push(
      startsInDays <= 0
        ? say('tripStartsToday', lang, { destination })
        : startsInDays === 1
          ? say('tripStartsTomorrow', lang, { destination })
          : say('tripStartsInDays', lang, { destination, days: startsInDays }),
    );
    if (openItems === 1) sentences.push(say('oneChecklistItem', lang));
    else if (openItems > 1) sentences.push(say('manyChecklistItems', lang, { count: openItems }));
  }

  if (facts.sitesDown.length === 1) sentences.push(say('oneSiteDown', lang, { name: facts.sitesDown[0] }));
  else if (facts.sitesDown.length > 1)
    sentences.push(say('manySitesDown', lang, { count: facts.sitesDown.length, names: list(facts.sitesDown) }));

  if (facts.reports.length === 1) sentences.push(say('oneReport', lang, { topic: facts.reports[0] }));
  else if (facts.reports.length > 1)
    sentences.push(say('manyReports', lang, { count: facts.reports.length, topics: list(facts.reports) }));

  // Japanese and Chinese sentences end in '。' and run on without a space.
  return sentences.join(lang === 'ja' || lang === 'zh' ? '' : ' ');
}

/** Every 'HH:mm' a text names. */
const TIMES = /\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b/g;

/**
 * What a model's summary must be: prose of one to six sentences, naming no time the facts do not
 * hold (a model that invents "your 15:00 call" is sent back with the complaint).
 */
export function briefingSummarySchema(facts: BriefingFacts) {
  const known = new Set(
    [...facts.events.map((event) => event.time), ...facts.free.flatMap((span) => [span.start, span.end])].map((time) =>
      time.replace(/^0/, ''),
    ),
  );
  return z.object({
    summary: z
      .string()
      .trim()
      .min(1, 'The summary must not be empty')
      .max(1200, 'The summary must be at most 1200 characters')
      .refine((text) => /[.!?。！？]$/.test(text), 'The summary must be whole sentences, ending with a full stop')
      .refine(
        (text) => [...text.matchAll(TIMES)].every(([, hour, minute]) => known.has(`${Number(hour)}:${minute}`)),
        'The summary must name only the times listed in the facts',
      ),
  });
}

/** The model's instructions for the summary. */
export const BRIEFING_SUMMARY_INSTRUCTIONS = [
  "Write the person's morning briefing: two to five short, friendly sentences in the language whose code is `language`,",
  'saying what matters today from the facts given: events and free time, overdue and due tasks, mail awaiting a reply,',
  'a trip starting soon, websites that are down, finished research reports. Use only these facts: no other names,',
  'times or numbers. Times are local, 24-hour. Answer {"summary": "..."}.',
].join(' ');

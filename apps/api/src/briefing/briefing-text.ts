import { serverMessageCatalog } from '@aide/contracts/server-messages';

/**
 * The briefing's texts in English: the server catalogs' keys (libs/contracts/src/i18n), each a whole
 * sentence or line with `{placeholders}`, one key per number form; no sentence is put together
 * from translated pieces. `say()` fills a key in the reader's language.
 */
export const BRIEFING_TEXT = {
  // Lines' details and titles.
  overdue: 'Overdue',
  dueToday: 'Due today',
  from: 'From {name}',
  noSubject: '(no subject)',
  freeFrom: 'You are free from {start} to {end}',
  tripTo: 'Trip to {destination}',
  tripToday: 'Starts today',
  tripTomorrow: 'Starts tomorrow',
  tripInDays: 'Starts in {days} days',
  checklistOpen: 'Still open on the checklist for {destination}',
  siteDown: '{url} did not answer its last uptime check',
  reportReady: 'Your report is ready to read',
  // The summary's sentences.
  nothing: 'Your calendar is clear today, and nothing else needs your attention.',
  nothingElse: 'Nothing needs your attention today.',
  calendarClear: 'Your calendar is clear today.',
  oneEvent: 'You have one event today, at {time}: {title}.',
  manyEvents: 'You have {count} events today, the first at {time}: {title}.',
  freeOnce: 'You are free from {start} to {end}.',
  freeTwice: 'You are free from {start} to {end} and from {start2} to {end2}.',
  freeLongest: 'Your longest free time today is from {start} to {end}.',
  oneOverdue: 'One task is overdue: {title}.',
  manyOverdue: '{count} tasks are overdue: {titles}.',
  manyOverdueSome: '{count} tasks are overdue, among them {titles}.',
  oneDue: 'One task is due today: {title}.',
  manyDue: '{count} tasks are due today: {titles}.',
  manyDueSome: '{count} tasks are due today, among them {titles}.',
  oneMail: '{name} is waiting for your reply to “{subject}”.',
  manyMail: '{count} emails are waiting for your reply, from {names}.',
  manyMailMany: '{count} emails are waiting for your reply.',
  tripStartsToday: 'Your trip to {destination} starts today.',
  tripStartsTomorrow: 'Your trip to {destination} starts tomorrow.',
  tripStartsInDays: 'Your trip to {destination} starts in {days} days.',
  oneChecklistItem: 'One item on its checklist is still open.',
  manyChecklistItems: '{count} items on its checklist are still open.',
  oneSiteDown: 'Your website {name} is down.',
  manySitesDown: '{count} of your websites are down: {names}.',
  oneReport: 'Your research report on {topic} is ready.',
  manyReports: '{count} research reports are ready: {topics}.',
  // The morning delivery.
  notificationTitle: 'Your daily briefing',
  mailSubject: 'Your daily briefing for {date}',
  mailOpen: 'Open the briefing in Aide: {link}',
} as const;

export type BriefingTextKey = keyof typeof BRIEFING_TEXT;

/** The key's text in `language` (English when the catalog lacks it), its placeholders filled. */
export function say(key: BriefingTextKey, language: string, values: Record<string, string | number> = {}): string {
  const english = BRIEFING_TEXT[key];
  const template = serverMessageCatalog(language)?.[english] ?? english;
  // One pass, with a function: a value's own '{…}' or '$&' stays as written.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 'Ann, Bob and Cy' in the reader's language. */
export function listOf(items: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }).format(items);
  } catch {
    return new Intl.ListFormat('en', { type: 'conjunction', style: 'long' }).format(items);
  }
}

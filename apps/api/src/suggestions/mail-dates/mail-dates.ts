import type * as chrono from 'chrono-node';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { newText } from '../../email/triage/triage-tokens';
import { meetingTitle, plainSubject, requestTitle, senderName } from './action-titles';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

/**
 * Dates and action items in plain mail (issue 26): proposed meeting times, deadlines and requests
 * in the new text of a message, read with chrono-node. Pure functions: the detector
 * (mail-dates.detector.ts) turns what they find into suggestions.
 *
 * Times are read in the sender's timezone (the Date header's offset, emails.metadata
 * .dateOffsetMinutes, stored at sync): "Tuesday at 3" from New York is 15:00 there. What the person
 * sees is in their profile timezone, with the sender's time beside it when the two differ. A Date
 * header gives an offset, not a place, so a time after a daylight-saving change is read in the
 * person's own timezone when the sender was on its clock when writing (senderClock), else at the
 * header's offset.
 */

/** What the reading needs of a message (an EmailEntity has it all). */
export interface MailForDates {
  subject: string;
  from: string;
  body: string;
  receivedAt: Date;
  category: string | null;
  metadata: Record<string, unknown> | null;
}

export interface MailDatesContext {
  /** The person's profile timezone (IANA). */
  timezone: string;
  /** When it is read: a meeting or a deadline already over by then is no suggestion (an old message opened late). */
  now?: Date;
}

/** A suggestion as the suggestions service takes it (a SuggestionCandidate of suggestion-detector.ts). */
export type MailDateCandidate =
  | {
      kind: 'event';
      origin: 'meeting-time';
      key: string;
      title: string;
      detail: string | null;
      draft: { title: string; startTime: string; endTime: string; location: string | null; description: string | null };
    }
  | {
      kind: 'task';
      origin: 'deadline' | 'request';
      key: string;
      title: string;
      detail: string | null;
      draft: {
        title: string;
        dueDate: string | null;
        description: string | null;
        amount: { value: number; currency: string } | null;
      };
    };

/** A proposed meeting time: the instant, and how long (an end the sender gave, else the default). */
export interface ProposedTime {
  start: Date;
  end: Date;
  /** The sentence it was proposed in. */
  sentence: string;
  /** The words that named the time ("Tuesday at 3"). */
  phrase: string;
  /** A "call"/"phone" word: the event is a call. */
  call: boolean;
}

/** A meeting without an end named lasts an hour: the common length of a proposed meeting. */
export const DEFAULT_MEETING_MINUTES = 60;
/** How many suggestions one message gives at most: a long message is not a to-do list. */
const MAX_CANDIDATES = 5;
/** How much of the new text is read. */
const TEXT_MAX = 6_000;
/** Triage's categories of mail nobody proposes a meeting or asks a favour in. */
const BULK_CATEGORIES = new Set(['newsletter', 'promotion', 'spam', 'social']);

/** A meeting word, or an availability question: what makes a time a proposed meeting. */
const MEETING_CUE =
  /\b(meet|meeting|call|phone|chat|talk|speak|catch[- ]up|coffee|lunch|get together|sync|free|available|availability|work for you|works for you|suit you|suits you|how about|what about)\b/i;
const CALL_CUE = /\b(call|phone|ring|zoom|teams|skype)\b/i;
/** A proposal is asked or offered: a question, or "let's", "I suggest", "shall we". */
const PROPOSAL_CUE =
  /\?|\b(let'?s|let us|i suggest|i propose|shall we|how about|what about|we could|i can do|i'?m free)\b/i;
/** Past tense or the past named: "I met him on Tuesday", "we spoke last week" tell, they do not propose. */
const PAST_CUE = /\b(met|was|were|had|did|spoke|talked|called|sent|last|ago|yesterday|earlier today)\b/i;
/** "by Friday", "due 15 December", "no later than the 4th": the words just before a deadline's date. */
const DEADLINE_CUE =
  /\b(by|before|due(?: on| by)?|until|till|no later than|deadline(?: (?:for|to) [\p{L}\p{N}' -]{2,60}?)?(?: is)?(?: on)?|latest(?: by| on)?)\s+(?:(?:the\s+)?(?:end of(?: the)?(?: day| business| play)?|eod|cob|close of business)\s+(?:on\s+)?)?$/iu;
/** A sign-off line: what follows is the signature. */
const SIGN_OFF =
  /^\s*(--\s*|__+|best( regards| wishes)?|kind regards|regards|warm regards|many thanks|thanks( again)?|thank you|cheers|sincerely|yours( sincerely| truly)?|sent from my \w+)[,.!]?\s*$/i;
/** Parts of the day chrono reads without an hour: the hour a meeting then starts. */
const PART_OF_DAY: ReadonlyArray<[RegExp, number]> = [
  [/\bmorning\b/i, 10],
  [/\b(noon|midday|lunch(time)?)\b/i, 12],
  [/\bafternoon\b/i, 14],
  [/\bevening\b/i, 18],
];

/** "the 4th", "on the 30th": chrono's English reads a day of the month only with its month. */
const dayOfMonthParser: chrono.Parser = {
  pattern: () =>
    /(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i,
  extract: (context, match) => {
    const day = Number(match[1]);
    if (day < 1 || day > 31) return null;
    const reference = context.reference.getDateWithAdjustedTimezone();
    let year = reference.getFullYear();
    let month = reference.getMonth() + 1;
    // The next such day: "the 4th" on the 26th is next month's.
    if (day < reference.getDate()) {
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
    }
    return context.createParsingComponents({ day }).imply('month', month).imply('year', year);
  },
};

/**
 * chrono-node, required on first use: its six languages' parsers hold about 9 MB of heap, which an
 * API process that reads no mail for dates should not carry.
 */
export function chronoNode(): typeof chrono {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return require('chrono-node') as typeof chrono;
}

let englishParser: chrono.Chrono | undefined;
function english(): chrono.Chrono {
  if (!englishParser) {
    englishParser = chronoNode().en.casual.clone();
    englishParser.parsers.push(dayOfMonthParser);
  }
  return englishParser;
}

/**
 * How a meeting is proposed in each language chrono-node reads that Aide speaks: English first (its
 * requests and deadlines are read too), then German, French, Spanish, Japanese and Chinese, for
 * proposed meeting times only (a task title needs the language's grammar; a time does not).
 */
interface MeetingLanguage {
  parser: () => chrono.Chrono;
  meeting: RegExp;
  proposal: RegExp;
  past: RegExp;
  call: RegExp;
}

const NEVER = /$^/;
const MEETING_LANGUAGES: readonly MeetingLanguage[] = [
  { parser: english, meeting: MEETING_CUE, proposal: PROPOSAL_CUE, past: PAST_CUE, call: CALL_CUE },
  {
    parser: () => chronoNode().de.casual,
    meeting: /\b(treffen|termin|besprechung|meeting|telefonat|telefonieren|anruf|sprechen|zeit|passt|verfügbar)\b/i,
    proposal: /\?|\b(wie wäre es|wie wär's|lass uns|lassen sie uns|ich schlage)\b/i,
    past: /\b(war|waren|hatte|hatten|getroffen|gesprochen|letzte[nmrs]?|gestern|vorige[nmrs]?)\b/i,
    call: NEVER,
  },
  {
    parser: () => chronoNode().fr.casual,
    meeting: /\b(réunion|rendez-vous|voir|disponible|libre|appel|appeler|discuter|parler)\b/i,
    proposal: /\?|\b(que diriez-vous|et si|je propose)\b/i,
    past: /\b(était|étions|avons|avez|hier|dernier|dernière)\b/i,
    call: NEVER,
  },
  {
    parser: () => chronoNode().es.casual,
    meeting: /\b(reunión|reunirnos|reunirme|vernos|quedar|disponible|libre|llamada|llamar|hablar)\b/i,
    proposal: /\?|\b(qué te parece|qué tal|propongo)\b/i,
    past: /\b(fue|fuimos|estuvimos|ayer|pasado|pasada|vimos)\b/i,
    call: NEVER,
  },
  {
    parser: () => chronoNode().ja.casual,
    meeting: /(会議|打ち合わせ|打合せ|ミーティング|面談|お時間|ご都合|通話|電話)/,
    proposal: /[?？]|ませんか|でしょうか|いかがですか/,
    past: /(でした|ました|昨日|先週)/,
    call: NEVER,
  },
  {
    parser: () => chronoNode().zh.casual,
    meeting: /(会议|會議|开会|開會|见面|見面|有空|方便|电话|電話|通话|聊聊|碰面)/,
    proposal: /[?？吗嗎]|怎么样|怎麼樣|如何/,
    past: /(了|昨天|上周|上週)/,
    call: NEVER,
  },
];

/**
 * Where the sender's wall times are read: an IANA timezone, whose offset follows its daylight-saving
 * changes, or a fixed offset in minutes from UTC.
 */
export type SenderClock = { timezone: string } | { offset: number };

/**
 * The sender's clock. The Date header's offset is all a message tells of where it was written. When
 * it is the person's own offset at that instant (a colleague down the corridor, or no header), the
 * sender is taken to be on the person's timezone: "Tuesday 3 November at 3" written in New York on
 * 20 October is 15:00 EST, though the header said −04:00 (EDT). Another offset stays as it is: the
 * place, and so its daylight-saving dates, is unknown.
 */
export function senderClock(mail: MailForDates, timezone: string): SenderClock {
  const stored = mail.metadata?.dateOffsetMinutes;
  const own = dayjs(mail.receivedAt).tz(timezone).utcOffset();
  return typeof stored === 'number' && Number.isFinite(stored) && stored !== own ? { offset: stored } : { timezone };
}

/** The clock's offset from UTC, in minutes, at `instant`. */
function offsetAt(clock: SenderClock, instant: Date): number {
  return 'offset' in clock ? clock.offset : dayjs(instant).tz(clock.timezone).utcOffset();
}

/** The instant of a wall date and time on the clock. */
function wallInstant(clock: SenderClock, year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if ('offset' in clock) return new Date(wall - clock.offset * 60_000);
  return dayjs.tz(dayjs.utc(wall).format('YYYY-MM-DDTHH:mm'), clock.timezone).toDate();
}

/** Mail no one proposes a meeting or asks a favour in: the person's own, lists, newsletters. */
export function isBulkOrOwn(mail: MailForDates): boolean {
  const metadata = mail.metadata ?? {};
  if (metadata.status === 'sent' || metadata.status === 'draft') return true;
  if (metadata.listId || metadata.listUnsubscribe) return true;
  return mail.category !== null && BULK_CATEGORIES.has(mail.category);
}

/** The new text without its quoted conversation (newText) and without the signature. */
export function readableText(body: string): string {
  const lines: string[] = [];
  for (const line of newText(body.slice(0, TEXT_MAX * 4)).split(/\r?\n/)) {
    if (SIGN_OFF.test(line)) break;
    lines.push(line);
  }
  return lines.join('\n').slice(0, TEXT_MAX);
}

/** Sentences: split at ?, ! and a full stop before a capital, and at blank lines and bullets. */
export function sentences(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split(/\n\s*\n|\n\s*[-*•]\s+|(?<=[?!])\s+|(?<=[a-z0-9)]\.)\s+(?=[A-Z])|(?<=[。？！])/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

/** The instant of chrono's wall time on the sender's clock (in the zone the text named, when it named one). */
function instantOf(components: chrono.ParsedComponents, clock: SenderClock, hour: number, minute: number): Date {
  const named = components.isCertain('timezoneOffset') ? (components.get('timezoneOffset') ?? null) : null;
  const on = named === null ? clock : { offset: named };
  return wallInstant(on, components.get('year')!, components.get('month')!, components.get('day')!, hour, minute);
}

/** A day named without its year ("3 November") that lies shortly before the message is in the past, not next year. */
function isPastDayOfYear(result: chrono.ParsedResult, mail: MailForDates, clock: SenderClock): boolean {
  const start = result.start;
  if (start.isCertain('year') || !start.isCertain('month')) return false;
  const sent = new Date(mail.receivedAt.getTime() + offsetAt(clock, mail.receivedAt) * 60_000);
  const thisYear = Date.UTC(sent.getUTCFullYear(), start.get('month')! - 1, start.get('day')!);
  const today = Date.UTC(sent.getUTCFullYear(), sent.getUTCMonth(), sent.getUTCDate());
  return thisYear < today && today - thisYear < 183 * 24 * 3_600_000;
}

/** The hour of a proposed meeting: "at 3" is 15:00 (nobody proposes 3 am), a part of the day its usual hour. */
function meetingHour(result: chrono.ParsedResult): { hour: number; minute: number } | null {
  const start = result.start;
  if (start.isCertain('hour')) {
    let hour = start.get('hour')!;
    if (!start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
    return { hour, minute: start.get('minute') ?? 0 };
  }
  for (const [cue, hour] of PART_OF_DAY) if (cue.test(result.text)) return { hour, minute: 0 };
  return null;
}

function parse(sentence: string, reference: chrono.ParsingReference): chrono.ParsedResult[] {
  return english().parse(sentence, reference, { forwardDate: true });
}

/** The meeting times a message proposes, in the order it names them (the auto-responder reads them too). */
export function proposedTimes(mail: MailForDates, context: MailDatesContext): ProposedTime[] {
  const clock = senderClock(mail, context.timezone);
  const reference = { instant: mail.receivedAt, timezone: offsetAt(clock, mail.receivedAt) };
  const found: ProposedTime[] = [];
  for (const sentence of sentences(readableText(mail.body))) {
    const language = MEETING_LANGUAGES.find(
      ({ meeting, proposal, past }) => meeting.test(sentence) && proposal.test(sentence) && !past.test(sentence),
    );
    if (!language) continue;
    for (const result of language.parser().parse(sentence, reference, { forwardDate: true })) {
      const time = meetingHour(result);
      if (!time || isPastDayOfYear(result, mail, clock)) continue;
      let start = instantOf(result.start, clock, time.hour, time.minute);
      // "Tuesday at 3" written on a Tuesday after 3 means next week's.
      if (start <= mail.receivedAt && result.start.isCertain('weekday') && !result.start.isCertain('day')) {
        start = new Date(start.getTime() + 7 * 24 * 3_600_000);
      }
      if (start.getTime() <= Math.max(mail.receivedAt.getTime(), context.now?.getTime() ?? 0)) continue;
      let end = new Date(start.getTime() + DEFAULT_MEETING_MINUTES * 60_000);
      if (result.end?.isCertain('hour')) {
        const endHour = meetingHour({ ...result, start: result.end } as chrono.ParsedResult);
        const named = endHour && instantOf(result.end, clock, endHour.hour, endHour.minute);
        if (named && named > start) end = named;
      }
      found.push({ start, end, sentence, phrase: result.text, call: language.call.test(sentence) });
    }
  }
  return found;
}

/** "Tuesday 1 December" in `timezone`. */
export function dayLabel(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: timezone,
  }).format(instant);
}

/** "15:00" in `timezone`. */
export function timeLabel(instant: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  }).format(instant);
}

/** "UTC−05:00" for -300. */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const absolute = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** "Tuesday 1 December, 21:00–22:00 your time (Europe/Berlin); 15:00 for Ann (UTC−05:00)". */
function meetingDetail(time: ProposedTime, timezone: string, clock: SenderClock, sender: string): string {
  const yours = `${dayLabel(time.start, timezone)}, ${timeLabel(time.start, timezone)}–${timeLabel(time.end, timezone)}`;
  const personOffset = dayjs(time.start).tz(timezone).utcOffset();
  const senderOffset = offsetAt(clock, time.start);
  if (personOffset === senderOffset) return `${yours} (${timezone})`;
  const theirs = new Date(time.start.getTime() + senderOffset * 60_000);
  const theirDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(theirs);
  const theirTime = timeLabel(theirs, 'UTC');
  return `${yours} your time (${timezone}); ${theirDay} ${theirTime} for ${sender} (${offsetLabel(senderOffset)})`;
}

/** 'YYYY-MM-DD' of a deadline: its wall date where it was written, or the person's date when it names an hour. */
function dueDateOf(
  result: chrono.ParsedResult,
  clock: SenderClock,
  timezone: string,
  written: Date,
): { date: string; instant: Date } {
  const start = result.start;
  if (start.isCertain('hour')) {
    const instant = instantOf(start, clock, start.get('hour')!, start.get('minute') ?? 0);
    return { date: dayjs(instant).tz(timezone).format('YYYY-MM-DD'), instant };
  }
  let date = `${start.get('year')}-${String(start.get('month')).padStart(2, '0')}-${String(start.get('day')).padStart(2, '0')}`;
  // "by Friday" written on a Friday is that day, morning or evening: chrono places a weekday at
  // noon and, with forwardDate, moves it a week on once noon has passed.
  const writtenDay = dayjs(written).utcOffset(offsetAt(clock, written)).format('YYYY-MM-DD');
  if (
    start.isCertain('weekday') &&
    !start.isCertain('day') &&
    dayjs.utc(date).subtract(7, 'day').format('YYYY-MM-DD') === writtenDay
  )
    date = writtenDay;
  // The end of that day where it was written: a deadline of today is not past.
  const [year, month, day] = date.split('-').map(Number);
  return { date, instant: wallInstant(clock, year, month, day, 23, 59) };
}

/** "Friday 27 November", with the year when it is not the message's. */
function dueLabel(date: string, sent: Date): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const year = noon.getUTCFullYear() === sent.getUTCFullYear() ? '' : ` ${noon.getUTCFullYear()}`;
  return `${dayLabel(noon, 'UTC')}${year}`;
}

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The other side's words of a deadline that is not a request: "The report is due …" → "The report". */
function deadlineSubject(before: string): string | null {
  // "The deadline for applications is …" → "for applications".
  const named = /\bdeadline ((?:for|to) [\p{L}\p{N}' -]{2,60}?) is(?: on)?\s*$/iu.exec(before);
  if (named) return named[1].trim();
  const match = /^(?:.*?[,;:]\s*)?((?:the|our|my|your|this|that)\s+[\p{L}\p{N}' -]{2,60}?)\s+(?:is|are)\s+due\b/iu.exec(
    before,
  );
  if (!match) return null;
  return match[1]
    .trim()
    .replace(/^(\p{L}+)/u, (article) => article.toLowerCase())
    .replace(/^your\b/, 'my');
}

/** "Deadline: the report" (null without a subject). */
const deadlineTitle = (thing: string | null) =>
  thing ? (/^(for|to) /.test(thing) ? `Deadline ${thing}` : `Deadline: ${thing}`) : null;

/**
 * The suggestions a message gives: events for proposed meeting times, tasks for deadlines (with
 * their due date) and for requests (without one). None for the person's own mail, lists and
 * newsletters; none from quoted text or signatures; none for dates before the message.
 */
export function findMailDates(mail: MailForDates, context: MailDatesContext): MailDateCandidate[] {
  if (isBulkOrOwn(mail)) return [];
  const { timezone } = context;
  const clock = senderClock(mail, timezone);
  const reference = { instant: mail.receivedAt, timezone: offsetAt(clock, mail.receivedAt) };
  const who = senderName(mail.from);
  const subject = plainSubject(mail.subject);
  const candidates: MailDateCandidate[] = [];
  const keys = new Set<string>();
  const add = (candidate: MailDateCandidate) => {
    if (keys.has(candidate.key) || candidates.length >= MAX_CANDIDATES) return;
    keys.add(candidate.key);
    candidates.push(candidate);
  };
  const quote = (sentence: string) => `${who?.full ?? 'The sender'} wrote: “${sentence}”`;

  const meetings = proposedTimes(mail, context);
  for (const time of meetings) {
    const title = meetingTitle(time.call ? 'Call' : 'Meeting', who?.full ?? null, mail.subject);
    add({
      kind: 'event',
      origin: 'meeting-time',
      key: `meeting-time:${time.start.toISOString()}`,
      title,
      detail: meetingDetail(time, timezone, clock, who?.first ?? 'the sender'),
      draft: {
        title,
        startTime: time.start.toISOString(),
        endTime: time.end.toISOString(),
        location: null,
        description: quote(time.sentence),
      },
    });
  }
  const meetingSentences = new Set(meetings.map((time) => time.sentence));

  for (const sentence of sentences(readableText(mail.body))) {
    if (meetingSentences.has(sentence) || PAST_CUE.test(sentence)) continue;
    const dates = parse(sentence, reference);
    const deadline = dates.find((result) => DEADLINE_CUE.test(sentence.slice(0, result.index)));
    if (deadline && !isPastDayOfYear(deadline, mail, clock)) {
      const due = dueDateOf(deadline, clock, timezone, mail.receivedAt);
      if (due.instant.getTime() < Math.max(mail.receivedAt.getTime(), context.now?.getTime() ?? 0)) continue;
      const cue = DEADLINE_CUE.exec(sentence.slice(0, deadline.index))!;
      const phrase = sentence.slice(deadline.index - cue[0].length, deadline.index + deadline.text.length);
      const asked = requestTitle(sentence, who?.first ?? null, phrase);
      const title =
        asked ??
        deadlineTitle(deadlineSubject(sentence.slice(0, deadline.index))) ??
        (subject ? `Deadline: ${subject}` : null);
      if (!title) continue;
      add({
        kind: 'task',
        origin: 'deadline',
        key: `deadline:${due.date}:${normalised(title)}`,
        title,
        detail: `Due ${dueLabel(due.date, mail.receivedAt)}${asked && who ? `, asked by ${who.full}` : ''}`,
        draft: { title, dueDate: due.date, description: quote(sentence), amount: null },
      });
      continue;
    }
    if (deadline) continue;
    // A request without a date: only when the sentence names none at all ("next week" is not a deadline to guess).
    if (dates.length > 0) continue;
    const title = requestTitle(sentence, who?.first ?? null);
    if (!title) continue;
    add({
      kind: 'task',
      origin: 'request',
      key: `request:${normalised(title)}`,
      title,
      detail: who ? `Asked by ${who.full}` : null,
      draft: { title, dueDate: null, description: quote(sentence), amount: null },
    });
  }
  return candidates;
}

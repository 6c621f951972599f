/**
 * Repeat phrases of the six UI languages ("every Monday and Wednesday", "cada lunes", "jeden 1. des
 * Monats", "毎週月曜", "每周一" ...) → the parts of an RFC 5545 rule. chrono-node reads dates, not
 * repeats, so these are ours: one table per language, tried in order (the most specific first), the
 * first match wins. Matching is case-insensitive.
 */
import { WEEKDAYS, type Weekday } from '@aide/contracts';

export { WEEKDAYS, type Weekday };
const WORKDAYS: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const WEEKEND: Weekday[] = ['SA', 'SU'];

/** What a repeat phrase says; `toRuleString` writes it as the RRULE value libs/contracts/src/recurrence.ts validates. */
export interface RepeatParts {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval?: number;
  /** Weekly: the days. */
  byDay?: Weekday[];
  /** Monthly by date: the day of the month (1-31). */
  byMonthDay?: number;
  /** Monthly by weekday: 1-4 = first..fourth, -1 = last, with the day. */
  byWeekdayOrdinal?: { ordinal: number; day: Weekday };
}

export function toRuleString(parts: RepeatParts): string {
  const fields = [`FREQ=${parts.freq}`];
  if (parts.interval && parts.interval > 1) fields.push(`INTERVAL=${parts.interval}`);
  if (parts.byDay?.length) fields.push(`BYDAY=${parts.byDay.join(',')}`);
  if (parts.byWeekdayOrdinal) fields.push(`BYDAY=${parts.byWeekdayOrdinal.ordinal}${parts.byWeekdayOrdinal.day}`);
  if (parts.byMonthDay) fields.push(`BYMONTHDAY=${parts.byMonthDay}`);
  return fields.join(';');
}

type Unit = 'day' | 'week' | 'month' | 'year';
const FREQ_OF: Record<Unit, RepeatParts['freq']> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };

interface RepeatPattern {
  re: RegExp;
  build: (match: RegExpExecArray) => RepeatParts | null;
}

export interface RepeatLanguage {
  patterns: RepeatPattern[];
}

/** Names → weekday; the regex alternation lists longer names first so 'mon' does not eat 'monday'. */
function weekdayNames(names: Record<string, Weekday>) {
  const alternation = Object.keys(names)
    .sort((a, b) => b.length - a.length)
    .join('|');
  const lookup = (word: string): Weekday | undefined => names[word.toLowerCase()];
  return { alternation, lookup };
}

/** Every weekday named in a list such as 'Monday, Wednesday and Friday', in week order. */
function daysIn(list: string, names: ReturnType<typeof weekdayNames>): Weekday[] {
  const found = new Set<Weekday>();
  for (const word of list.match(new RegExp(names.alternation, 'giu')) ?? []) {
    const day = names.lookup(word);
    if (day) found.add(day);
  }
  return WEEKDAYS.filter((day) => found.has(day));
}

const NUMBER_WORDS: Record<string, number> = {
  other: 2,
  two: 2,
  three: 3,
  four: 4,
  dos: 2,
  tres: 3,
  deux: 2,
  trois: 3,
  zwei: 2,
  drei: 3,
  两: 2,
  二: 2,
  三: 3,
  一: 1,
  四: 4,
};
const toNumber = (word: string | undefined, fallback = 1) => {
  if (!word) return fallback;
  const n = Number(word);
  return Number.isInteger(n) && n > 0 ? n : (NUMBER_WORDS[word.toLowerCase()] ?? fallback);
};

const validMonthDay = (n: number) => (n >= 1 && n <= 31 ? n : null);

/** A word boundary that also works next to accented letters (JavaScript's \b is ASCII only). */
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const re = (source: string) => new RegExp(`${B}(?:${source})${E}`, 'iu');
/** Chinese and Japanese are written without spaces: no boundaries. */
const cjk = (source: string) => new RegExp(source, 'u');

// ---------------------------------------------------------------- English
const EN_DAYS = weekdayNames({
  monday: 'MO',
  mondays: 'MO',
  mon: 'MO',
  tuesday: 'TU',
  tuesdays: 'TU',
  tue: 'TU',
  tues: 'TU',
  wednesday: 'WE',
  wednesdays: 'WE',
  wed: 'WE',
  thursday: 'TH',
  thursdays: 'TH',
  thu: 'TH',
  thurs: 'TH',
  friday: 'FR',
  fridays: 'FR',
  fri: 'FR',
  saturday: 'SA',
  saturdays: 'SA',
  sat: 'SA',
  sunday: 'SU',
  sundays: 'SU',
  sun: 'SU',
});
const EN_ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
};
const EN_ORD = Object.keys(EN_ORDINALS).join('|');
const EN_W = EN_DAYS.alternation;
const EN_WL = `(?:${EN_W})(?:\\s*(?:,|and|&)\\s*(?:${EN_W}))*`;
const EN_UNIT: Record<string, Unit> = { day: 'day', week: 'week', month: 'month', year: 'year' };

const en: RepeatLanguage = {
  patterns: [
    {
      re: re(`(?:every|each|on) (?:weekday|workday|working day|business day)s?|weekdays`),
      build: () => ({ freq: 'WEEKLY', byDay: WORKDAYS }),
    },
    { re: re(`(?:every|each|on) weekends?|weekends`), build: () => ({ freq: 'WEEKLY', byDay: WEEKEND }) },
    {
      // 'every month on the last Friday', 'monthly on the 2nd Tuesday'
      re: re(`(?:every month|each month|monthly) on the (${EN_ORD}) (${EN_W})`),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: { ordinal: EN_ORDINALS[m[1]!.toLowerCase()]!, day: EN_DAYS.lookup(m[2]!)! },
      }),
    },
    {
      // 'every last Friday (of the month)', 'on the first Monday of every month' ('on the first Monday' alone is a date)
      re: re(
        `(?:every|each) (${EN_ORD}) (${EN_W})(?: (?:of|in) (?:the|every|each) month)?|(?:on )?the (${EN_ORD}) (${EN_W}) (?:of|in) (?:every|each) month`,
      ),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: {
          ordinal: EN_ORDINALS[(m[1] ?? m[3])!.toLowerCase()]!,
          day: EN_DAYS.lookup((m[2] ?? m[4])!)!,
        },
      }),
    },
    {
      // 'every month on the 1st', 'monthly on the 15th'
      re: re(`(?:every month|each month|monthly) on the (\\d{1,2})(?:st|nd|rd|th)?`),
      build: (m) => {
        const day = validMonthDay(Number(m[1]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    {
      // 'every 1st of the month', 'every 15th', 'on the 15th of every month' ('on the 15th' alone is a date)
      re: re(
        `(?:every|each) (\\d{1,2})(?:st|nd|rd|th)(?: (?:of|in) (?:the|every|each) month)?|(?:on )?the (\\d{1,2})(?:st|nd|rd|th) (?:of|in) (?:every|each) month`,
      ),
      build: (m) => {
        const day = validMonthDay(Number(m[1] ?? m[2]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    {
      // 'every 2 weeks on Monday and Thursday', 'every other week', 'every 3 days', 'every year'
      re: re(`every (other |\\d+ |two |three |four )?(day|week|month|year)s?(?: on (${EN_WL}))?`),
      build: (m) => {
        const unit = EN_UNIT[m[2]!.toLowerCase()]!;
        const byDay = unit === 'week' && m[3] ? daysIn(m[3], EN_DAYS) : undefined;
        return { freq: FREQ_OF[unit], interval: toNumber(m[1]?.trim()), byDay };
      },
    },
    {
      // 'every Monday and Wednesday', 'every other Friday'
      re: re(`(?:every|each) (other )?(${EN_WL})`),
      build: (m) => ({ freq: 'WEEKLY', interval: m[1] ? 2 : 1, byDay: daysIn(m[2]!, EN_DAYS) }),
    },
    {
      re: re(`(daily|weekly|biweekly|fortnightly|monthly|yearly|annually)(?: on (${EN_WL}))?`),
      build: (m) => {
        const word = m[1]!.toLowerCase();
        if (word === 'daily') return { freq: 'DAILY' };
        if (word === 'monthly') return { freq: 'MONTHLY' };
        if (word === 'yearly' || word === 'annually') return { freq: 'YEARLY' };
        const byDay = m[2] ? daysIn(m[2], EN_DAYS) : undefined;
        return { freq: 'WEEKLY', interval: word === 'weekly' ? 1 : 2, byDay };
      },
    },
  ],
};

// ---------------------------------------------------------------- Spanish
const ES_DAYS = weekdayNames({
  lunes: 'MO',
  martes: 'TU',
  miércoles: 'WE',
  miercoles: 'WE',
  jueves: 'TH',
  viernes: 'FR',
  sábado: 'SA',
  sabado: 'SA',
  sábados: 'SA',
  sabados: 'SA',
  domingo: 'SU',
  domingos: 'SU',
});
const ES_W = ES_DAYS.alternation;
const ES_WL = `(?:${ES_W})(?:\\s*(?:,|y|e)\\s*(?:${ES_W}))*`;
const ES_ORDINALS: Record<string, number> = {
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  último: -1,
  ultimo: -1,
};
const ES_ORD = Object.keys(ES_ORDINALS).join('|');
const ES_UNIT: Record<string, Unit> = {
  día: 'day',
  dia: 'day',
  semana: 'week',
  mes: 'month',
  año: 'year',
  ano: 'year',
};

const es: RepeatLanguage = {
  patterns: [
    {
      re: re(`(?:cada|todos los) d[ií]as? laborables?|entre semana|de lunes a viernes`),
      build: () => ({ freq: 'WEEKLY', byDay: WORKDAYS }),
    },
    {
      re: re(`(?:el |cada )?(${ES_ORD}) (${ES_W}) de cada mes`),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: { ordinal: ES_ORDINALS[m[1]!.toLowerCase()]!, day: ES_DAYS.lookup(m[2]!)! },
      }),
    },
    {
      // 'el día 1 de cada mes', 'el 15 de cada mes', 'cada día 1'
      re: re(`(?:el )?(?:d[ií]a )?(\\d{1,2}) de cada mes|cada d[ií]a (\\d{1,2})`),
      build: (m) => {
        const day = validMonthDay(Number(m[1] ?? m[2]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    { re: re(`cada d[ií]a|todos los d[ií]as|a diario|diariamente`), build: () => ({ freq: 'DAILY' }) },
    {
      re: re(`cada (\\d+ |dos |tres )?(d[ií]a|semana|mes|año)(?:e?s)?`),
      build: (m) => {
        const unit = ES_UNIT[m[2]!.toLowerCase()]!;
        return { freq: FREQ_OF[unit], interval: toNumber(m[1]?.trim()) };
      },
    },
    { re: re(`todas las semanas|semanalmente`), build: () => ({ freq: 'WEEKLY' }) },
    { re: re(`todos los meses|mensualmente`), build: () => ({ freq: 'MONTHLY' }) },
    { re: re(`todos los años|anualmente`), build: () => ({ freq: 'YEARLY' }) },
    {
      re: re(`(?:cada|todos los|los) (${ES_WL})`),
      build: (m) => ({ freq: 'WEEKLY', byDay: daysIn(m[1]!, ES_DAYS) }),
    },
  ],
};

// ---------------------------------------------------------------- French
const FR_DAYS = weekdayNames({
  lundi: 'MO',
  lundis: 'MO',
  mardi: 'TU',
  mardis: 'TU',
  mercredi: 'WE',
  mercredis: 'WE',
  jeudi: 'TH',
  jeudis: 'TH',
  vendredi: 'FR',
  vendredis: 'FR',
  samedi: 'SA',
  samedis: 'SA',
  dimanche: 'SU',
  dimanches: 'SU',
});
const FR_W = FR_DAYS.alternation;
const FR_WL = `(?:${FR_W})(?:\\s*(?:,|et)\\s*(?:${FR_W}))*`;
const FR_ORDINALS: Record<string, number> = {
  premier: 1,
  deuxième: 2,
  deuxieme: 2,
  troisième: 3,
  troisieme: 3,
  quatrième: 4,
  quatrieme: 4,
  dernier: -1,
};
const FR_ORD = Object.keys(FR_ORDINALS).join('|');
const FR_UNIT: Record<string, Unit> = {
  jour: 'day',
  jours: 'day',
  semaine: 'week',
  semaines: 'week',
  mois: 'month',
  an: 'year',
  ans: 'year',
  année: 'year',
  années: 'year',
};

const fr: RepeatLanguage = {
  patterns: [
    {
      re: re(`en semaine|(?:chaque|tous les) jours? ouvr[ée]s?|du lundi au vendredi`),
      build: () => ({ freq: 'WEEKLY', byDay: WORKDAYS }),
    },
    {
      re: re(`(?:le |chaque |tous les )?(${FR_ORD}) (${FR_W}) (?:de chaque|du) mois`),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: { ordinal: FR_ORDINALS[m[1]!.toLowerCase()]!, day: FR_DAYS.lookup(m[2]!)! },
      }),
    },
    {
      // 'le 1er de chaque mois', 'chaque 15 du mois', 'tous les 1er du mois'
      re: re(`(?:le |chaque |tous les )(\\d{1,2})(?:er|e)? (?:de chaque|du) mois`),
      build: (m) => {
        const day = validMonthDay(Number(m[1]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    { re: re(`chaque jour|tous les jours|quotidiennement`), build: () => ({ freq: 'DAILY' }) },
    {
      // 'toutes les 2 semaines', 'tous les 3 jours', 'tous les mois', 'chaque année'
      re: re(`(?:chaque|tous les|toutes les) (\\d+ |deux |trois )?(jours?|semaines?|mois|ans|années?|an)`),
      build: (m) => {
        const unit = FR_UNIT[m[2]!.toLowerCase()]!;
        return { freq: FREQ_OF[unit], interval: toNumber(m[1]?.trim()) };
      },
    },
    { re: re(`hebdomadaire(?:ment)?`), build: () => ({ freq: 'WEEKLY' }) },
    { re: re(`mensuel(?:le)?(?:ment)?`), build: () => ({ freq: 'MONTHLY' }) },
    { re: re(`annuel(?:le)?(?:ment)?`), build: () => ({ freq: 'YEARLY' }) },
    {
      // 'chaque lundi', 'tous les lundis et mercredis'
      re: re(`(?:chaque|tous les) (${FR_WL})`),
      build: (m) => ({ freq: 'WEEKLY', byDay: daysIn(m[1]!, FR_DAYS) }),
    },
  ],
};

// ---------------------------------------------------------------- German
const DE_DAYS = weekdayNames({
  montag: 'MO',
  montags: 'MO',
  dienstag: 'TU',
  dienstags: 'TU',
  mittwoch: 'WE',
  mittwochs: 'WE',
  donnerstag: 'TH',
  donnerstags: 'TH',
  freitag: 'FR',
  freitags: 'FR',
  samstag: 'SA',
  samstags: 'SA',
  sonnabend: 'SA',
  sonntag: 'SU',
  sonntags: 'SU',
});
const DE_W = DE_DAYS.alternation;
const DE_WL = `(?:${DE_W})(?:\\s*(?:,|und)\\s*(?:${DE_W}))*`;
const DE_ADVERBS = 'montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags';
const DE_ORDINALS: Record<string, number> = { ersten: 1, zweiten: 2, dritten: 3, vierten: 4, letzten: -1 };
const DE_ORD = Object.keys(DE_ORDINALS).join('|');
const DE_UNIT: Record<string, Unit> = { tage: 'day', wochen: 'week', monate: 'month', jahre: 'year' };

const de: RepeatLanguage = {
  patterns: [
    { re: re(`werktags|wochentags|jeden werktag|an werktagen`), build: () => ({ freq: 'WEEKLY', byDay: WORKDAYS }) },
    {
      // 'jeden letzten Freitag im Monat', 'am ersten Montag jedes Monats'
      re: re(`(?:jeden |am )(${DE_ORD}) (${DE_W}) (?:im monat|des monats|jedes monats|eines jeden monats)`),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: { ordinal: DE_ORDINALS[m[1]!.toLowerCase()]!, day: DE_DAYS.lookup(m[2]!)! },
      }),
    },
    {
      // 'am 1. jedes Monats', 'jeden 15. (des Monats)', 'monatlich am 1.' ('am 3. Dezember' is a date)
      re: re(
        `jeden (\\d{1,2})\\.(?: (?:des monats|im monat|jedes monats))?|(?:am )?(\\d{1,2})\\. (?:jedes monats|eines jeden monats)|monatlich am (\\d{1,2})\\.`,
      ),
      build: (m) => {
        const day = validMonthDay(Number(m[1] ?? m[2] ?? m[3]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    { re: re(`täglich|jeden tag`), build: () => ({ freq: 'DAILY' }) },
    { re: re(`wöchentlich|jede woche`), build: () => ({ freq: 'WEEKLY' }) },
    { re: re(`monatlich|jeden monat`), build: () => ({ freq: 'MONTHLY' }) },
    { re: re(`jährlich|jedes jahr`), build: () => ({ freq: 'YEARLY' }) },
    {
      re: re(`alle (\\d+|zwei|drei) (tage|wochen|monate|jahre)`),
      build: (m) => ({ freq: FREQ_OF[DE_UNIT[m[2]!.toLowerCase()]!], interval: toNumber(m[1]) }),
    },
    {
      // 'jeden Montag und Mittwoch', 'montags und mittwochs'
      re: re(`jeden (${DE_WL})|((?:${DE_ADVERBS})(?:\\s*(?:,|und)\\s*(?:${DE_ADVERBS}))*)`),
      build: (m) => ({ freq: 'WEEKLY', byDay: daysIn(m[1] ?? m[2]!, DE_DAYS) }),
    },
  ],
};

// ---------------------------------------------------------------- Japanese
const JA_DAYS: Record<string, Weekday> = { 月: 'MO', 火: 'TU', 水: 'WE', 木: 'TH', 金: 'FR', 土: 'SA', 日: 'SU' };
const JA_W = '[月火水木金土日]曜?日?';
const cjkDays = (list: string, names: Record<string, Weekday>) => {
  const found = new Set([...list].map((c) => names[c]).filter((d): d is Weekday => Boolean(d)));
  return WEEKDAYS.filter((day) => found.has(day));
};
const CJK_ORDINALS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, 一: 1, 二: 2, 三: 3, 四: 4 };

const ja: RepeatLanguage = {
  patterns: [
    { re: cjk('毎?平日'), build: () => ({ freq: 'WEEKLY', byDay: WORKDAYS }) },
    {
      re: cjk(`毎月(?:第([1-4一二三四])|(最終))(${JA_W})`),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: { ordinal: m[2] ? -1 : CJK_ORDINALS[m[1]!]!, day: JA_DAYS[m[3]![0]!]! },
      }),
    },
    {
      re: cjk('毎月(\\d{1,2})日'),
      build: (m) => {
        const day = validMonthDay(Number(m[1]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    {
      // '毎週月曜と水曜', '毎週月・水曜日', '隔週金曜'
      re: cjk(`(毎週|隔週)((?:${JA_W})(?:[と、・,]?(?:${JA_W}))*)?`),
      build: (m) => ({
        freq: 'WEEKLY',
        interval: m[1] === '隔週' ? 2 : 1,
        byDay: m[2] ? cjkDays(m[2].replace(/曜日?|日$/gu, ''), JA_DAYS) : undefined,
      }),
    },
    { re: cjk('毎日'), build: () => ({ freq: 'DAILY' }) },
    { re: cjk('毎月'), build: () => ({ freq: 'MONTHLY' }) },
    { re: cjk('毎年'), build: () => ({ freq: 'YEARLY' }) },
    {
      re: cjk('(\\d+)(日|週間|か月|ヶ月|カ月|年)(?:ごと|おき)'),
      build: (m) => {
        const unit: Unit = m[2] === '日' ? 'day' : m[2] === '週間' ? 'week' : m[2] === '年' ? 'year' : 'month';
        return { freq: FREQ_OF[unit], interval: toNumber(m[1]) };
      },
    },
  ],
};

// ---------------------------------------------------------------- Chinese
const ZH_DAYS: Record<string, Weekday> = {
  一: 'MO',
  二: 'TU',
  三: 'WE',
  四: 'TH',
  五: 'FR',
  六: 'SA',
  日: 'SU',
  天: 'SU',
};
const ZH_WEEK = '(?:周|星期|礼拜)';
const ZH_D = '[一二三四五六日天]';

const zh: RepeatLanguage = {
  patterns: [
    { re: cjk('每个?工作日|工作日'), build: () => ({ freq: 'WEEKLY', byDay: WORKDAYS }) },
    {
      re: cjk(`每个?月的?(?:第([一二三四1-4])个|(最后一个))${ZH_WEEK}(${ZH_D})`),
      build: (m) => ({
        freq: 'MONTHLY',
        byWeekdayOrdinal: { ordinal: m[2] ? -1 : CJK_ORDINALS[m[1]!]!, day: ZH_DAYS[m[3]!]! },
      }),
    },
    {
      re: cjk('每个?月的?(\\d{1,2})[号日]'),
      build: (m) => {
        const day = validMonthDay(Number(m[1]));
        return day ? { freq: 'MONTHLY', byMonthDay: day } : null;
      },
    },
    {
      // '每周一', '每周一和周三', '每星期一、三', '隔周五'
      re: cjk(`(每|隔)${ZH_WEEK}((?:${ZH_D})(?:[和、,，与及]?${ZH_WEEK}?${ZH_D})*)?`),
      build: (m) => ({
        freq: 'WEEKLY',
        interval: m[1] === '隔' ? 2 : 1,
        byDay: m[2] ? cjkDays(m[2].replace(/周|星期|礼拜/gu, ''), ZH_DAYS) : undefined,
      }),
    },
    {
      re: cjk('每(\\d+|两|二|三)(天|日|周|星期|个月|年)'),
      build: (m) => {
        const unit: Unit =
          m[2] === '天' || m[2] === '日' ? 'day' : m[2] === '年' ? 'year' : m[2] === '个月' ? 'month' : 'week';
        return { freq: FREQ_OF[unit], interval: toNumber(m[1]) };
      },
    },
    { re: cjk('每天|每日'), build: () => ({ freq: 'DAILY' }) },
    { re: cjk('每个?月'), build: () => ({ freq: 'MONTHLY' }) },
    { re: cjk('每年'), build: () => ({ freq: 'YEARLY' }) },
  ],
};

export const REPEAT_LANGUAGES = { en, es, fr, de, ja, zh } as const;
export type QuickAddLocale = keyof typeof REPEAT_LANGUAGES;

// ---------------------------------------------------------------- priorities
export type Priority = 'high' | 'medium' | 'low';
interface PriorityPattern {
  re: RegExp;
  /** The priority, from the match's first group through `words`, or fixed. */
  priority: Priority | ((m: RegExpExecArray) => Priority | undefined);
}
const pick =
  (words: Record<string, Priority>) =>
  (m: RegExpExecArray): Priority | undefined =>
    words[(m[1] ?? m[2] ?? '').toLowerCase()];

const EN_LEVEL = { high: 'high', medium: 'medium', normal: 'medium', low: 'low' } as const;
/** '!high', '!!' work in every language. */
const SHARED_PRIORITY: PriorityPattern[] = [
  { re: /(?<!\S)!(high|medium|low)(?!\S)/iu, priority: pick(EN_LEVEL) },
  { re: /(?<!\S)!!!?(?!\S)/u, priority: 'high' },
];
export const PRIORITY_PATTERNS: Record<QuickAddLocale, PriorityPattern[]> = {
  en: [
    { re: re('(high|medium|normal|low)[ -]priority|priority[: ]+(high|medium|normal|low)'), priority: pick(EN_LEVEL) },
    { re: re('urgent(?:ly)?|asap'), priority: 'high' },
  ],
  es: [
    {
      re: re('(?:con )?prioridad (alta|media|baja)|(alta|media|baja) prioridad'),
      priority: pick({ alta: 'high', media: 'medium', baja: 'low' }),
    },
    { re: re('urgente'), priority: 'high' },
  ],
  fr: [
    {
      re: re('(?:en )?priorité (haute|élevée|moyenne|normale|basse|faible)|(haute|basse) priorité'),
      priority: pick({
        haute: 'high',
        élevée: 'high',
        moyenne: 'medium',
        normale: 'medium',
        basse: 'low',
        faible: 'low',
      }),
    },
    { re: re('urgente?'), priority: 'high' },
  ],
  de: [
    {
      re: re('(hohe|mittlere|niedrige)r? priorität|priorität:? (hoch|mittel|niedrig)'),
      priority: pick({
        hohe: 'high',
        hoch: 'high',
        mittlere: 'medium',
        mittel: 'medium',
        niedrige: 'low',
        niedrig: 'low',
      }),
    },
    { re: re('dringend'), priority: 'high' },
  ],
  ja: [
    {
      re: cjk('優先度[:：]?\\s*(高|中|低)|(高|中|低)優先度?'),
      priority: pick({ 高: 'high', 中: 'medium', 低: 'low' }),
    },
    { re: cjk('至急|緊急'), priority: 'high' },
  ],
  zh: [
    { re: cjk('(高|中|低)优先级|优先级[:：]?\\s*(高|中|低)'), priority: pick({ 高: 'high', 中: 'medium', 低: 'low' }) },
    { re: cjk('紧急|加急'), priority: 'high' },
  ],
};
export const sharedPriorityPatterns = () => SHARED_PRIORITY;

// ---------------------------------------------------------------- places and leftovers
/** '<word> <place>' that follows the time: 'at Nopa', 'en Nopa', 'à Nopa', 'im Café'; 'で'/'在' before it in CJK. */
export const LOCATION_PATTERNS: Record<QuickAddLocale, RegExp> = {
  en: /^\s*(?:at|@)\s+(.+?)\s*$/iu,
  es: /^\s*(?:en|@)\s+(.+?)\s*$/iu,
  fr: /^\s*(?:à|au|chez|@)\s+(.+?)\s*$/iu,
  de: /^\s*(?:im|in|bei|@)\s+(.+?)\s*$/iu,
  ja: /^\s*(?:@\s*)?(.+?)で\s*$/u,
  zh: /^\s*(?:在|@)\s*(.+?)\s*$/u,
};

/** Words left dangling next to a removed date, repeat or priority ("Dentist on" → "Dentist"). */
export const DANGLING_WORDS: Record<QuickAddLocale, string[]> = {
  en: ['at', 'on', 'by', 'due', 'every', 'each', 'from', 'in', 'for', 'with', 'the', 'and', ','],
  es: ['a', 'el', 'la', 'las', 'los', 'en', 'de', 'para', 'cada', 'con', 'y', ','],
  fr: ['à', 'le', 'la', 'les', 'de', 'du', 'pour', 'chaque', 'tous', 'toutes', 'en', 'avec', 'et', ','],
  de: ['am', 'um', 'an', 'im', 'bis', 'jeden', 'jede', 'ab', 'für', 'den', 'mit', 'und', ','],
  ja: ['に', 'で', 'の', 'は', 'から', 'まで', 'と', '、'],
  zh: ['在', '的', '于', '和', '，', '、'],
};

/**
 * Reply help without a model (issue 24): what a message is (a question, a meeting request, a
 * request with a deadline, a thank-you, a complaint, an FYI), the short replies that fit, and a
 * template draft. Facts in the output (a time, a date, a deadline) are only ever copied from the
 * message; everything else is a fixed, grammatical sentence in the user's language.
 */
import type { ProfileLanguage } from '@aide/contracts';

export type ReplyKind = 'complaint' | 'meeting' | 'deadline' | 'question' | 'request' | 'thanks' | 'fyi';

export interface ReplyAnalysis {
  kind: ReplyKind;
  /** The sender's first name ('Ann' from 'Ann Lee <ann@…>'), or the whole name for Japanese/Chinese names. */
  senderName: string | null;
  /** Whole question sentences, as written (at most three). */
  questions: string[];
  /** Whole request sentences ('Please send …', 'Could you …'), as written (at most three). */
  requests: string[];
  /** A time or date the message names (e.g. 'Thursday at 3pm'), as written. */
  when: string | null;
  /** A deadline the message names (e.g. 'by Friday'), as written. */
  deadline: string | null;
}

const MAX_ITEMS = 3;

/** The person's own text: no quoted history, no signature. */
const SALUTATION =
  /^(hi|hello|hey|dear|good (morning|afternoon)|hallo|liebe|lieber|sehr geehrte[rs]?|guten tag|bonjour|salut|hola|buenos días|estimad[oa])\b[^.!?]{0,40}[,!:]?$/i;

function ownText(body: string): string {
  const lines: string[] = [];
  for (const line of body.replace(/\r\n/g, '\n').split('\n')) {
    // 'Hi,' on its own line would run into the first sentence.
    if (lines.every((l) => !l.trim()) && SALUTATION.test(line.trim())) continue;
    if (/^(-- ?|__+)$/.test(line.trim())) break;
    if (/^(On .+ wrote:|Am .+ schrieb .+:|Le .+ a écrit ?:|El .+ escribió:)$/.test(line.trim())) break;
    if (line.trimStart().startsWith('>')) continue;
    lines.push(line);
  }
  return lines.join('\n');
}

function sentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat.match(/[^.!?。！？]+[.!?。！？]+|[^.!?。！？]+$/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** Addresses of a team or a machine, whose display name is no one's first name ('Billing Team'). */
const ROLE_ADDRESS =
  /^(billing|accounts?|ops|devops|news|newsletter|info|support|help|helpdesk|no-?reply|do-?not-?reply|team|hello|contact|sales|admin|service|notifications?|alerts?|marketing|office|hr|jobs)([._+-]|@)/i;
const ROLE_NAME =
  /\b(team|weekly|daily|newsletter|support|service|billing|news|ops|notifications?|alerts?|digest|department|office)\b/i;

function firstNameOf(from: string): string | null {
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim();
  const address = /<([^>]+)>/.exec(from)?.[1] ?? '';
  if (!name || name.includes('@') || ROLE_ADDRESS.test(address) || ROLE_NAME.test(name)) return null;
  // Japanese and Chinese names are written family name first and addressed in full.
  if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(name)) return name.replace(/\s+/g, '');
  const first = name.includes(',') ? name.split(',')[1]?.trim().split(/\s+/)[0] : name.split(/\s+/)[0];
  return first && /^\p{L}[\p{L}'’-]*$/u.test(first) ? first : null;
}

const WEEKDAYS =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes';
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember';
const CLOCK = String.raw`\d{1,2}(?::\d{2})?\s?(?:am|pm|uhr|h)\b|\d{1,2}:\d{2}`;

/** A time or date in the message, longest first: 'Thursday at 3pm', 'Donnerstag um 15 Uhr', '3月14日 15時'. */
const WHEN_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:next |this |nächsten |am )?(?:${WEEKDAYS})(?:,? (?:the )?\d{1,2}(?:st|nd|rd|th|\.)?(?: (?:${MONTHS}))?)?(?:,? (?:at|um|à|a las) (?:${CLOCK}))?`,
    'iu',
  ),
  new RegExp(String.raw`\b(?:tomorrow|morgen|demain|mañana)(?: (?:at|um|à|a las) (?:${CLOCK}))?`, 'iu'),
  new RegExp(String.raw`\b(?:${MONTHS}) \d{1,2}(?:st|nd|rd|th)?(?:,? (?:at) (?:${CLOCK}))?`, 'iu'),
  new RegExp(String.raw`\b\d{1,2}(?:st|nd|rd|th|\.)? (?:of )?(?:${MONTHS})(?: (?:at|um) (?:${CLOCK}))?`, 'iu'),
  /\d{1,2}月\d{1,2}日(?:[（(][月火水木金土日][)）])?(?:の)?(?:午前|午後)?(?:\d{1,2}時(?:\d{1,2}分|半)?|\d{1,2}:\d{2})?/u,
  /(?:来週|今週|明日)?(?:の)?[月火水木金土日]曜日?(?:の)?(?:午前|午後)?(?:\d{1,2}時(?:半)?|\d{1,2}:\d{2})?/u,
  /(?:明日|来週|今週)?(?:の)?(?:午前|午後)?\d{1,2}時(?:半)?/u,
  /\b(?:next week|nächste woche|la semaine prochaine|la próxima semana)\b/iu,
  new RegExp(String.raw`\b(?:at|um|à) (?:${CLOCK})`, 'iu'),
];

const DEADLINE = new RegExp(
  String.raw`\b(?:by|before|no later than|bis(?: zum| spätestens)?|avant|antes del?) (?:the )?(?:end of (?:the )?(?:day|week|month)|eod|tomorrow|morgen|(?:next )?(?:${WEEKDAYS})|(?:${MONTHS}) \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th|\.)? (?:${MONTHS})|\d{1,2}[./]\d{1,2}\.?)`,
  'iu',
);
const JA_DEADLINE = /(?:\d{1,2}月\d{1,2}日|明日|[月火水木金土日]曜日?|今週中|来週)まで(?:に)?/u;

const MEETING =
  /\b(meet|meeting|call|catch up|appointment|available|availability|termin|treffen|besprechung|telefonat|réunion|rendez-vous|reunión|llamada)\b|会議|打ち合わせ|ミーティング|面談|お時間/iu;
const REQUEST =
  /^(please|kindly|could you|can you|would you|will you|bitte|könnten sie|können sie|könntest du|kannst du|pourriez-vous|pouvez-vous|merci de|por favor|podría|puede)\b|\b(please|bitte|s'il vous plaît|por favor)\b|ください|お願いします|お願いいたします|いただけますか|请/iu;
const THANKS = /\b(thank you|thanks|many thanks|danke|vielen dank|merci|gracias)\b|ありがとう|感謝|谢谢|感谢/iu;
const COMPLAINT =
  /\b(disappointed|unacceptable|complaint|not happy|unhappy|still (?:not|haven't|hasn't)|frustrat\w*|broken|never arrived|enttäuscht|beschwerde|inakzeptabel|déçu|inacceptable|decepcionad\w*)\b|不満|苦情|残念/iu;

export function analyseForReply(message: { from: string; subject: string; body: string }): ReplyAnalysis {
  const text = ownText(message.body);
  const all = sentences(`${text}`);
  const questions = all.filter((s) => /[?？]$/.test(s)).slice(0, MAX_ITEMS);
  const requests = all.filter((s) => !/[?？]$/.test(s) && REQUEST.test(s)).slice(0, MAX_ITEMS);
  const subjectAndText = `${message.subject}\n${text}`;
  const when = WHEN_PATTERNS.map((p) => p.exec(subjectAndText)?.[0]?.trim()).find((m) => m && m.length > 1) ?? null;
  const deadline = (DEADLINE.exec(subjectAndText) ?? JA_DEADLINE.exec(subjectAndText))?.[0]?.trim() ?? null;
  const kind: ReplyKind = COMPLAINT.test(subjectAndText)
    ? 'complaint'
    : MEETING.test(subjectAndText) && when
      ? 'meeting'
      : deadline && (requests.length > 0 || questions.length > 0)
        ? 'deadline'
        : questions.length > 0
          ? 'question'
          : requests.length > 0
            ? 'request'
            : THANKS.test(subjectAndText)
              ? 'thanks'
              : 'fyi';
  return { kind, senderName: firstNameOf(message.from), questions, requests, when, deadline };
}

interface Phrases {
  suggestions: Record<ReplyKind, string[]>;
  /** Used for a meeting with a time in the message: {when} is copied from it. */
  meetingAt: string[];
  /** Used for a deadline in the message: {deadline} is copied from it. */
  deadlineBy: string[];
  greeting: (name: string | null) => string;
  opening: Record<ReplyKind, string>;
  meetingWhen: string;
  deadlineNoted: string;
  /** One sentence per question: {question} is the question as written. */
  perQuestion: string;
  perRequest: string;
  closing: string;
  signOff: string;
}

const PHRASES: Record<ProfileLanguage, Phrases> = {
  en: {
    suggestions: {
      complaint: [
        "I'm sorry to hear that. I'll look into it right away.",
        'Thank you for letting me know. I will get back to you shortly.',
      ],
      meeting: ['Happy to meet. What time suits you?', "Let me check my calendar and I'll get back to you."],
      deadline: ["Noted, I'll get back to you before then.", "Thanks, I'm on it."],
      question: [
        "Good question. Let me check and I'll get back to you.",
        'Yes, that works for me.',
        "Thanks, I'll look into it.",
      ],
      request: ["Sure, I'll take care of it.", "Thanks, I'll look into it and get back to you."],
      thanks: ["You're welcome!", 'Glad I could help.'],
      fyi: ['Thanks for letting me know.', 'Thanks, noted.'],
    },
    meetingAt: [
      '{when} works for me.',
      'Could we find another time than {when}?',
      "Let me check my calendar and I'll get back to you.",
    ],
    deadlineBy: ["Noted, I'll get back to you {deadline}.", "Thanks, I'm on it."],
    greeting: (name) => (name ? `Hi ${name},` : 'Hello,'),
    opening: {
      complaint: "Thank you for telling me about this, and I'm sorry for the trouble it has caused.",
      meeting: 'Thank you for your message.',
      deadline: 'Thank you for your message.',
      question: 'Thank you for your message.',
      request: 'Thank you for your message.',
      thanks: "Thank you for your kind words. I'm glad it was helpful.",
      fyi: 'Thanks for the update.',
    },
    meetingWhen: "Thank you for suggesting {when}. I'll check my calendar and confirm.",
    deadlineNoted: "I've noted that you need this {deadline} and will get back to you in time.",
    perQuestion: 'You asked: "{question}" I\'ll look into it and get back to you.',
    perRequest: 'About your request ("{request}"): I\'ll take care of it.',
    closing: 'Please let me know if there is anything else.',
    signOff: 'Best regards,',
  },
  de: {
    suggestions: {
      complaint: [
        'Das tut mir leid. Ich kümmere mich sofort darum.',
        'Danke für den Hinweis. Ich melde mich in Kürze bei Ihnen.',
      ],
      meeting: ['Gerne treffen wir uns. Wann passt es Ihnen?', 'Ich schaue in meinen Kalender und melde mich.'],
      deadline: ['Notiert, ich melde mich rechtzeitig.', 'Danke, ich kümmere mich darum.'],
      question: ['Gute Frage. Ich prüfe das und melde mich.', 'Ja, das passt für mich.', 'Danke, ich sehe es mir an.'],
      request: ['Gerne, ich kümmere mich darum.', 'Danke, ich sehe es mir an und melde mich.'],
      thanks: ['Gern geschehen!', 'Freut mich, dass ich helfen konnte.'],
      fyi: ['Danke für die Info.', 'Danke, ist notiert.'],
    },
    meetingAt: [
      '{when} passt mir.',
      'Können wir statt {when} einen anderen Termin finden?',
      'Ich schaue in meinen Kalender und melde mich.',
    ],
    deadlineBy: ['Notiert, ich melde mich {deadline}.', 'Danke, ich kümmere mich darum.'],
    greeting: (name) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    opening: {
      complaint: 'danke, dass Sie mir davon berichten. Die Unannehmlichkeiten tun mir leid.',
      meeting: 'vielen Dank für Ihre Nachricht.',
      deadline: 'vielen Dank für Ihre Nachricht.',
      question: 'vielen Dank für Ihre Nachricht.',
      request: 'vielen Dank für Ihre Nachricht.',
      thanks: 'vielen Dank für Ihre freundlichen Worte. Es freut mich, dass es geholfen hat.',
      fyi: 'danke für die Information.',
    },
    meetingWhen: 'danke für den Vorschlag ({when}). Ich prüfe meinen Kalender und bestätige.',
    deadlineNoted: 'Ich habe notiert, dass Sie das {deadline} brauchen, und melde mich rechtzeitig.',
    perQuestion: 'Zu Ihrer Frage „{question}“: Ich sehe es mir an und melde mich.',
    perRequest: 'Zu Ihrer Bitte („{request}“): Ich kümmere mich darum.',
    closing: 'Sagen Sie gern Bescheid, wenn Sie noch etwas brauchen.',
    signOff: 'Viele Grüße',
  },
  fr: {
    suggestions: {
      complaint: [
        "Je suis désolé(e) de l'apprendre. Je m'en occupe tout de suite.",
        'Merci de me l’avoir signalé. Je reviens vers vous rapidement.',
      ],
      meeting: ['Avec plaisir. Quel moment vous convient ?', 'Je regarde mon agenda et je reviens vers vous.'],
      deadline: ['C’est noté, je reviens vers vous à temps.', 'Merci, je m’en occupe.'],
      question: [
        'Bonne question. Je vérifie et je reviens vers vous.',
        'Oui, cela me convient.',
        'Merci, je regarde cela.',
      ],
      request: ['Bien sûr, je m’en occupe.', 'Merci, je regarde et je reviens vers vous.'],
      thanks: ['Avec plaisir !', 'Ravi(e) d’avoir pu aider.'],
      fyi: ['Merci de m’avoir prévenu(e).', 'Merci, c’est noté.'],
    },
    meetingAt: [
      '{when} me convient.',
      'Pourrions-nous trouver un autre moment que {when} ?',
      'Je regarde mon agenda et je reviens vers vous.',
    ],
    deadlineBy: ['C’est noté, je reviens vers vous {deadline}.', 'Merci, je m’en occupe.'],
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    opening: {
      complaint: 'Merci de me l’avoir signalé, et toutes mes excuses pour le désagrément.',
      meeting: 'Merci pour votre message.',
      deadline: 'Merci pour votre message.',
      question: 'Merci pour votre message.',
      request: 'Merci pour votre message.',
      thanks: 'Merci pour vos aimables paroles. Je suis ravi(e) que cela ait aidé.',
      fyi: 'Merci pour l’information.',
    },
    meetingWhen: 'Merci de proposer {when}. Je vérifie mon agenda et je vous confirme.',
    deadlineNoted: 'J’ai noté que vous en avez besoin {deadline} et je reviendrai vers vous à temps.',
    perQuestion: 'Vous demandez : « {question} » Je regarde cela et je reviens vers vous.',
    perRequest: 'Concernant votre demande (« {request} ») : je m’en occupe.',
    closing: 'N’hésitez pas à me dire si vous avez besoin d’autre chose.',
    signOff: 'Cordialement,',
  },
  es: {
    suggestions: {
      complaint: ['Siento mucho oír eso. Lo reviso ahora mismo.', 'Gracias por avisarme. Te respondo en breve.'],
      meeting: ['Encantado de vernos. ¿Qué hora te viene bien?', 'Reviso mi agenda y te digo algo.'],
      deadline: ['Anotado, te respondo a tiempo.', 'Gracias, me pongo con ello.'],
      question: ['Buena pregunta. Lo compruebo y te respondo.', 'Sí, me parece bien.', 'Gracias, lo reviso.'],
      request: ['Claro, me encargo.', 'Gracias, lo reviso y te digo algo.'],
      thanks: ['¡De nada!', 'Me alegro de haber ayudado.'],
      fyi: ['Gracias por avisarme.', 'Gracias, anotado.'],
    },
    meetingAt: [
      '{when} me viene bien.',
      '¿Podríamos buscar otro momento en lugar de {when}?',
      'Reviso mi agenda y te digo algo.',
    ],
    deadlineBy: ['Anotado, te respondo {deadline}.', 'Gracias, me pongo con ello.'],
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    opening: {
      complaint: 'Gracias por contármelo, y siento las molestias.',
      meeting: 'Gracias por tu mensaje.',
      deadline: 'Gracias por tu mensaje.',
      question: 'Gracias por tu mensaje.',
      request: 'Gracias por tu mensaje.',
      thanks: 'Gracias por tus amables palabras. Me alegro de que haya sido útil.',
      fyi: 'Gracias por la información.',
    },
    meetingWhen: 'Gracias por proponer {when}. Reviso mi agenda y te lo confirmo.',
    deadlineNoted: 'He anotado que lo necesitas {deadline} y te responderé a tiempo.',
    perQuestion: 'Preguntas: «{question}» Lo reviso y te respondo.',
    perRequest: 'Sobre tu petición («{request}»): me encargo.',
    closing: 'Dime si necesitas algo más.',
    signOff: 'Un saludo,',
  },
  ja: {
    suggestions: {
      complaint: [
        'ご不便をおかけして申し訳ありません。すぐに確認いたします。',
        'ご連絡ありがとうございます。追ってご返信いたします。',
      ],
      meeting: ['ぜひお願いします。ご都合のよい時間を教えてください。', '予定を確認して、改めてご連絡します。'],
      deadline: ['承知しました。期限までにご連絡します。', 'ありがとうございます。対応いたします。'],
      question: ['確認して、改めてご連絡します。', 'はい、問題ありません。', 'ありがとうございます。確認いたします。'],
      request: ['承知しました。対応いたします。', 'ありがとうございます。確認してご連絡します。'],
      thanks: ['どういたしまして。', 'お役に立ててうれしいです。'],
      fyi: ['ご連絡ありがとうございます。', '承知しました。'],
    },
    meetingAt: ['{when}で大丈夫です。', '{when}以外の日程でご相談できますか。', '予定を確認して、改めてご連絡します。'],
    deadlineBy: ['承知しました。{deadline}ご連絡します。', 'ありがとうございます。対応いたします。'],
    greeting: (name) => (name ? `${name}様` : 'ご担当者様'),
    opening: {
      complaint: 'ご連絡いただきありがとうございます。ご不便をおかけして申し訳ありません。',
      meeting: 'ご連絡ありがとうございます。',
      deadline: 'ご連絡ありがとうございます。',
      question: 'ご連絡ありがとうございます。',
      request: 'ご連絡ありがとうございます。',
      thanks: '温かいお言葉をありがとうございます。お役に立ててうれしいです。',
      fyi: 'ご共有ありがとうございます。',
    },
    meetingWhen: '{when}のご提案ありがとうございます。予定を確認してご連絡します。',
    deadlineNoted: '{deadline}必要とのこと、承知しました。期限内にご連絡します。',
    perQuestion: '「{question}」とのご質問について、確認のうえご連絡します。',
    perRequest: '「{request}」とのご依頼について、対応いたします。',
    closing: 'ほかにも何かあればお知らせください。',
    signOff: 'よろしくお願いいたします。',
  },
  zh: {
    suggestions: {
      complaint: ['很抱歉听到这个情况，我马上处理。', '感谢告知，我会尽快回复您。'],
      meeting: ['很乐意见面。您什么时间方便？', '我查看一下日程，再回复您。'],
      deadline: ['已记下，我会按时回复您。', '谢谢，我来处理。'],
      question: ['好问题，我确认后回复您。', '好的，没问题。', '谢谢，我看一下。'],
      request: ['好的，我来处理。', '谢谢，我看一下再回复您。'],
      thanks: ['不客气！', '很高兴能帮上忙。'],
      fyi: ['谢谢告知。', '谢谢，已知悉。'],
    },
    meetingAt: ['{when}我可以。', '除了{when}，能否换个时间？', '我查看一下日程，再回复您。'],
    deadlineBy: ['已记下，我会在{deadline}回复您。', '谢谢，我来处理。'],
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    opening: {
      complaint: '感谢您告诉我这个情况，给您带来不便，非常抱歉。',
      meeting: '感谢您的来信。',
      deadline: '感谢您的来信。',
      question: '感谢您的来信。',
      request: '感谢您的来信。',
      thanks: '感谢您的美言，很高兴能帮上忙。',
      fyi: '感谢您的通知。',
    },
    meetingWhen: '感谢您提议{when}，我查看日程后确认。',
    deadlineNoted: '已记下您需要在{deadline}完成，我会按时回复您。',
    perQuestion: '关于您的问题“{question}”，我确认后回复您。',
    perRequest: '关于您的请求（“{request}”），我来处理。',
    closing: '如有其他需要，请告诉我。',
    signOff: '此致敬礼',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** 'Thursday at 3pm works for me.': capitalised when it starts the sentence. */
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 2–3 short replies in `language` that fit the message. */
export function suggestReplies(analysis: ReplyAnalysis, language: ProfileLanguage): string[] {
  const phrases = PHRASES[language] ?? PHRASES.en;
  if (analysis.kind === 'meeting' && analysis.when)
    return phrases.meetingAt.map((s) => capitalise(fill(s, { when: analysis.when! })));
  if (analysis.kind === 'deadline' && analysis.deadline)
    return phrases.deadlineBy.map((s) => fill(s, { deadline: analysis.deadline! }));
  return phrases.suggestions[analysis.kind];
}

/** The offline draft: greeting, a sentence per question and request, a closing and the person's name. */
export function draftReply(analysis: ReplyAnalysis, language: ProfileLanguage, signature: string): string {
  const phrases = PHRASES[language] ?? PHRASES.en;
  const body: string[] = [];
  const when = analysis.kind === 'meeting' ? analysis.when : null;
  body.push(when ? fill(phrases.meetingWhen, { when }) : phrases.opening[analysis.kind]);
  const deadline = analysis.deadline;
  // A question or request that names the time or deadline is answered by that sentence already.
  const covered = (sentence: string) =>
    (when !== null && sentence.includes(when)) || (deadline !== null && sentence.includes(deadline));
  if (deadline && analysis.kind === 'deadline' && !analysis.requests.some((r) => r.includes(deadline)))
    body.push(fill(phrases.deadlineNoted, { deadline }));
  if (analysis.kind !== 'thanks' && analysis.kind !== 'fyi') {
    for (const question of analysis.questions.filter((q) => !covered(q)))
      body.push(fill(phrases.perQuestion, { question }));
    for (const request of analysis.requests)
      body.push(fill(phrases.perRequest, { request: request.replace(/[.!。！]$/u, '') }));
    body.push(phrases.closing);
  }
  const joiner = language === 'ja' || language === 'zh' ? '' : ' ';
  // German and Spanish greetings end with a comma or colon and the next sentence starts in lower case.
  const first = body.join(joiner);
  return `${phrases.greeting(analysis.senderName)}\n\n${first}\n\n${phrases.signOff}\n${signature}`;
}

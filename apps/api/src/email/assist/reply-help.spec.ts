import { analyseForReply, draftReply, suggestReplies } from './reply-help';
import { REPLY_SAMPLES } from './reply-samples';

const PLACEHOLDER = /\[[^\]]*\]|\{\w+\}|<[^>]+>|undefined|null/;
/** Times, dates and numbers in a text: each one in a draft must be in the message too. */
const facts = (text: string) =>
  text.match(/\d[\d:.月日時]*|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi) ?? [];

describe('reply help', () => {
  it('tells the kinds of message apart', () => {
    const kinds = Object.fromEntries(
      Object.entries(REPLY_SAMPLES).map(([name, message]) => [name, analyseForReply(message).kind]),
    );
    expect(kinds).toEqual({
      meeting: 'meeting',
      invoice: 'deadline',
      newsletter: 'fyi',
      complaint: 'complaint',
      thanks: 'thanks',
      german: 'meeting',
      japanese: 'meeting',
      deadline: 'deadline',
      incident: 'question',
    });
  });

  it('suggests replies that name only the time or deadline the message gives', () => {
    expect(suggestReplies(analyseForReply(REPLY_SAMPLES.meeting), 'en')).toEqual([
      'Thursday at 3pm works for me.',
      'Could we find another time than Thursday at 3pm?',
      "Let me check my calendar and I'll get back to you.",
    ]);
    expect(suggestReplies(analyseForReply(REPLY_SAMPLES.deadline), 'en')[0]).toBe(
      "Noted, I'll get back to you by Wednesday.",
    );
    expect(suggestReplies(analyseForReply(REPLY_SAMPLES.thanks), 'en')).toEqual([
      "You're welcome!",
      'Glad I could help.',
    ]);
    expect(suggestReplies(analyseForReply(REPLY_SAMPLES.german), 'de')[0]).toBe('Am Donnerstag um 15 Uhr passt mir.');
    expect(suggestReplies(analyseForReply(REPLY_SAMPLES.japanese), 'ja')[0]).toBe('3月14日15時で大丈夫です。');
    for (const language of ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const)
      for (const message of Object.values(REPLY_SAMPLES)) {
        const chips = suggestReplies(analyseForReply(message), language);
        expect(chips.length).toBeGreaterThanOrEqual(2);
        expect(chips.length).toBeLessThanOrEqual(3);
        for (const chip of chips) expect(chip).not.toMatch(PLACEHOLDER);
      }
  });

  it('drafts a greeting with the first name, a sentence per question and request, a closing and the name', () => {
    const draft = draftReply(analyseForReply(REPLY_SAMPLES.invoice), 'en', 'Ada Lovelace');
    expect(draft).toBe(
      'Hello,\n\nThank you for your message. You asked: "Could you confirm when the payment will be made?" ' +
        'I\'ll look into it and get back to you. About your request ("Please send the remittance advice by Friday"): ' +
        "I'll take care of it. Please let me know if there is anything else.\n\nBest regards,\nAda Lovelace",
    );
    expect(draftReply(analyseForReply(REPLY_SAMPLES.meeting), 'en', 'Ada')).toMatch(
      /^Hi Ann,\n\nThank you for suggesting Thursday at 3pm\./,
    );
    expect(draftReply(analyseForReply(REPLY_SAMPLES.german), 'de', 'Ada')).toMatch(
      /^Hallo Anna,\n\ndanke für den Vorschlag \(am Donnerstag um 15 Uhr\)\..*„Bitte schicken Sie mir vorher die Unterlagen“.*\n\nViele Grüße\nAda$/s,
    );
    expect(draftReply(analyseForReply(REPLY_SAMPLES.japanese), 'ja', '佐藤花子')).toMatch(
      /^山田太郎様\n\n3月14日15時のご提案ありがとうございます。.*「資料を事前にお送りください」.*\n\nよろしくお願いいたします。\n佐藤花子$/s,
    );
  });

  it('never leaves placeholders or facts the message does not hold', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const)
      for (const message of Object.values(REPLY_SAMPLES)) {
        const draft = draftReply(analyseForReply(message), language, 'Ada Lovelace');
        expect(draft).not.toMatch(PLACEHOLDER);
        const source = `${message.subject} ${message.body}`.toLowerCase();
        for (const fact of facts(draft)) expect(source).toContain(fact.replace(/[.:]+$/, '').toLowerCase());
      }
  });

  it('skips quoted history, signatures and team names', () => {
    const analysis = analyseForReply({
      from: 'Support Team <support@shop.example>',
      subject: 'Re: order',
      body: 'Is the new address right?\n\nOn Mon, Ann wrote:\n> Can you ship it on Monday?\n-- \nShop',
    });
    expect(analysis).toMatchObject({ senderName: null, questions: ['Is the new address right?'] });
  });
});

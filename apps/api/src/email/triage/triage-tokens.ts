import { senderAddress, type TriageMessage } from './triage-rules';

/**
 * The features the learnt triage model reads of a message: the words of the subject and of the
 * start of the body (new text only, not the quoted conversation), and the sender as two tokens,
 * `from:ann@example.com` and `domain:example.com`. Words are counted once per message (a
 * "binary" multinomial model, which text classification favours: a word repeated in one long
 * newsletter should not outweigh everything else); the sender tokens count SENDER_WEIGHT times,
 * since who writes is the best single predictor of how a person treats mail.
 */
export type TriageTokens = ReadonlyMap<string, number>;

/** Words past this point of the body say little about priority or category. */
const BODY_CHARS = 1_000;
const SENDER_WEIGHT = 2;
const MIN_WORD = 2;
const MAX_WORD = 40;

/**
 * English function words and mail boilerplate ("hi", "thanks", "regards", "sent from my"):
 * present in every kind of mail, they would otherwise pull every new message towards whichever
 * label the user corrected most.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'cannot could did do does doing down during each few for from further had has have having he her here hers herself him himself ' +
    'his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or other ought our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you your yours yourself ' +
    'yourselves im ive id ill youre youve youll dont doesnt didnt cant wont isnt arent wasnt werent its thats theres hes shes weve ' +
    'get got go going know like make may might much must need one really see still take thing think two us want way well yes yet ' +
    're fw fwd hi hello hey dear thanks thank regards best kind cheers sincerely sent wrote cc bcc mailto http https www com org net ' +
    'html email mail message please iphone android original forwarded'
  ).split(' '),
);

/** Lower case, accents folded, split on anything that is not a letter or digit. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
}

function isUsefulWord(word: string): boolean {
  // Pure numbers (dates, amounts, order numbers) are different in every message.
  return word.length >= MIN_WORD && word.length <= MAX_WORD && !/^\p{N}+$/u.test(word) && !STOP_WORDS.has(word);
}

/**
 * The new text of a body: stops at the first quoted line ('> ...') or reply header
 * ("On ... wrote:", Outlook's "-----Original Message-----"), so a reply is judged by what it adds.
 */
export function newText(body: string): string {
  const lines = body.split(/\r?\n/);
  const kept: string[] = [];
  for (const line of lines) {
    if (
      /^\s*>/.test(line) ||
      /^\s*On .{0,200} wrote:\s*$/.test(line) ||
      /^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}/i.test(line)
    )
      break;
    kept.push(line);
  }
  return kept.join('\n');
}

/** example.com for mail.example.com; example.co.uk for mail.example.co.uk (a short second-level label under a country code). */
export function baseDomain(host: string): string {
  const labels = host.split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const [secondLevel, topLevel] = labels.slice(-2);
  const keep = topLevel.length === 2 && secondLevel.length <= 3 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

export function triageTokens(message: TriageMessage): TriageTokens {
  const tokens = new Map<string, number>();
  for (const word of [...words(message.subject), ...words(newText(message.body).slice(0, BODY_CHARS))]) {
    if (isUsefulWord(word)) tokens.set(word, 1);
  }
  const sender = senderAddress(message.from);
  const at = sender.lastIndexOf('@');
  if (at > 0 && at < sender.length - 1) {
    tokens.set(`from:${sender.slice(0, 320)}`, SENDER_WEIGHT);
    tokens.set(`domain:${baseDomain(sender.slice(at + 1)).slice(0, 253)}`, SENDER_WEIGHT);
  }
  return tokens;
}

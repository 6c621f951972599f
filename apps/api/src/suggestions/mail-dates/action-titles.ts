/**
 * Task titles a person would write, made from a request in someone else's mail: the request's own
 * verb phrase, in the imperative, with the sender's pronouns turned into the sender's name
 * ("Could you send me the slides?" from Ann → "Send Ann the slides"). Pure functions.
 */

/**
 * The verbs a request starts with that make a to-do. A closed list on purpose: "Could you believe
 * it?" or "Would you like to join?" are questions, not tasks, and a list of verbs is what tells them
 * apart without a language model.
 */
const ACTION_VERBS = new Set(
  (
    'add amend answer approve arrange ask book bring call cancel change check collect complete confirm contact ' +
    'correct create double-check draft edit email fill find finalise finalize finish fix follow forward get give ' +
    'update upload look make order organise organize pay pick post prepare print proofread provide put read ' +
    'remind renew reply resend reserve return review revise ring schedule send share sign submit text translate ' +
    'phone pass write sort set take'
  ).split(' '),
);

/** "Could you (please) …", "Please …", "I'd appreciate it if you could …": the verb phrase that follows. */
const REQUEST_OPENINGS = [
  /^(?:and |also |so |then )?(?:please,? )?(?:could|can|would|will) you(?: please| kindly| possibly| also)?,? (.+)$/i,
  /^(?:and |also |so |then )?(?:please|kindly),? (.+)$/i,
  /^(?:i|we)(?:'d| would) (?:be grateful|appreciate it|be glad)(?: if you could| if you would)(?: please)? (.+)$/i,
  /^(?:i|we) need you to (.+)$/i,
  /^(?:it would be great|it'd be great) if you could (.+)$/i,
];

/** Where a request stops being the task and starts explaining it. */
const CLAUSE_END =
  /,|;|:| - | – | so (?:that|we|i)\b| because\b| as (?:we|i|the|it)\b| since\b| when you\b| if (?:you|possible|that)\b| before (?:we|the meeting)\b| and let me know\b| and get back\b| thanks?\b| thank you\b/i;

/** Politeness that a to-do does not carry. */
const TRAILING_POLITENESS =
  /\s+(?:please|for me|if possible|when you (?:can|get a chance)|asap|as soon as possible)\s*$/i;

export const TITLE_MAX_WORDS = 12;

/** The sender as a task names them: the first name of 'Ann Lee <ann@…>', else the address. */
export function senderName(from: string): { first: string; full: string } | null {
  const name = /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1]?.trim();
  if (name && /\p{L}/u.test(name) && !name.includes('@')) {
    const first = name.split(/\s+/)[0];
    return { first, full: name };
  }
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return address ? { first: address, full: address } : null;
}

/** Pronouns seen from the sender's side, seen from the reader's: me → Ann, my → Ann's, your → my. */
function fromReadersSide(phrase: string, sender: string | null): string {
  // One pass, so the "my" that "your" becomes is not turned into the sender's.
  return phrase.replace(/\b(yourself|your|me|us|my|our|mine)\b/gi, (word) => {
    const lower = word.toLowerCase();
    if (lower === 'yourself') return 'myself';
    if (lower === 'your') return 'my';
    if (!sender) return word;
    return lower === 'me' || lower === 'us' ? sender : `${sender}'s`;
  });
}

/**
 * The title of the task a request asks for, or null when the sentence is not a request for an
 * action this knows (or would make a title too long to read as one: no pasted fragments).
 * `withoutPhrase` is the date phrase (with its "by"/"due") to leave out of the title.
 */
export function requestTitle(
  sentence: string,
  sender: string | null,
  withoutPhrase: string | null = null,
): string | null {
  let text = sentence.trim().replace(/^(?:hi|hello|hey|dear)\b[^,]{0,40},\s*/i, '');
  if (withoutPhrase) text = text.replace(withoutPhrase, ' ').replace(/\s{2,}/g, ' ');
  let phrase: string | null = null;
  for (const opening of REQUEST_OPENINGS) {
    const match = opening.exec(text);
    if (match) {
      phrase = match[1];
      break;
    }
  }
  if (!phrase) return null;
  // "Please remember to pay …", "could you make sure to send …": the task is what follows.
  phrase = phrase.replace(/^(?:remember|don'?t forget|do not forget|make sure|be sure) to /i, '');
  // "Please find attached …", "please see below": a courtesy, not a task.
  if (/^(?:find|see) (?:attached|enclosed|below|above)\b/i.test(phrase)) return null;
  const verb = /^[a-z-]+/i.exec(phrase)?.[0]?.toLowerCase();
  if (!verb || !ACTION_VERBS.has(verb)) return null;
  // "get back to me" is a reply; "look at/over/into" is a review: both read well as they are.
  phrase = phrase.split(CLAUSE_END)[0];
  phrase = phrase
    .replace(/[?.!]+\s*$/, '')
    .replace(TRAILING_POLITENESS, '')
    .replace(/\s+(?:by|before|until|due|on)\s*$/i, '')
    .trim();
  const words = phrase.split(/\s+/);
  if (words.length < 2 || words.length > TITLE_MAX_WORDS) return null;
  phrase = fromReadersSide(phrase, sender);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** "Re: Fwd: Q3 budget" → "Q3 budget". */
export function plainSubject(subject: string): string {
  return subject.replace(/^(\s*(re|fwd?|aw|wg|tr|rv|sv)\s*(\[\d+\])?\s*:\s*)+/i, '').trim();
}

/** "Meeting with Ann Lee: Q3 budget" (a call is a "Call with …"), without the subject when there is none. */
export function meetingTitle(kind: 'Meeting' | 'Call', sender: string | null, subject: string): string {
  const topic = plainSubject(subject);
  const head = sender ? `${kind} with ${sender}` : kind;
  return topic ? `${head}: ${topic}` : head;
}

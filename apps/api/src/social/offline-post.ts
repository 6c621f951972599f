import { postLength, SOCIAL_LENGTH_LIMITS, SOCIAL_TONES, type SocialPlatform, type SocialTone } from '@aide/contracts';
import { listOf, midSentence, type TopicShape, topicHashtags, topicShape, withoutMark } from './topic-shape';

/**
 * The offline engine's social post: the topic parsed (topic-shape.ts) and restated in a frame that
 * fits its grammar, each platform in its own shape, each tone in its own words. It states nothing
 * about the topic beyond the topic's own words: the frames carry the tone, the topic carries the facts.
 */

/** How many hashtags each platform's post gets (X reads best with few, Instagram's reach grows with more). */
export const HASHTAG_COUNT: Record<SocialPlatform, number> = { twitter: 3, linkedin: 4, facebook: 3, instagram: 8 };

interface ToneWords {
  /** The topic as a sentence of this tone (a statement as written, a question asked). */
  statement: (sentence: string) => string;
  question: (question: string) => string;
  /** A noun-phrase or wh-clause topic as a title, at the head of its sentence so its casing stays. */
  title: (title: string) => string;
  /** A wh-clause topic ("why sourdough needs time") where a noun phrase goes: "thinking about why…". */
  about: (clause: string) => string;
  /** The key phrases named (two or more). */
  list: (phrases: string) => string;
  /** A line of the author's own, stating nothing about the topic. */
  reflection: string;
  /** A second line of the author's own, for a LinkedIn post with little else to say. */
  linkedinBody: string;
  /** X: a short line of the author's own after a statement or question, when there is room. */
  xLine: string;
  xClose: string;
  linkedinQuestion: string;
  facebookHello: string;
  facebookChat: string;
  facebookQuestion: string;
  instagramLine: string;
  instagramCall: string;
}

const TONES: Record<SocialTone, ToneWords> = {
  professional: {
    statement: (sentence) => sentence,
    question: (question) => question,
    title: (title) => `${title}: a topic worth a considered look.`,
    about: (clause) => `A few considered thoughts on ${clause}.`,
    list: (phrases) => `The angles that stand out to me: ${phrases}.`,
    reflection: 'I find it helps to look at each part on its own before drawing conclusions.',
    linkedinBody: 'There is rarely a single right answer here, and the trade-offs deserve a proper conversation.',
    xLine: 'Worth a considered look.',
    xClose: 'What is your view?',
    linkedinQuestion: 'How is your team approaching this?',
    facebookHello: 'A quick note for everyone here.',
    facebookChat: 'I would like to hear how this looks from where you are.',
    facebookQuestion: 'Have you looked into this yourself? Share your experience in the comments.',
    instagramLine: 'Worth a closer look.',
    instagramCall: 'Save this post for later.',
  },
  casual: {
    statement: (sentence) => `So, ${midSentence(sentence)}`,
    question: (question) => `Honest question: ${midSentence(question)}`,
    title: (title) => `${title}. Been thinking about this one lately.`,
    about: (clause) => `Been thinking about ${clause} lately.`,
    list: (phrases) => `The bits I keep coming back to: ${phrases}.`,
    reflection: "I keep going back and forth on it, if I'm honest.",
    linkedinBody: 'No big conclusions from me yet, just curious where others land.',
    xLine: 'Been on my mind lately.',
    xClose: "What's your take? 👇",
    linkedinQuestion: 'How do you see it?',
    facebookHello: 'Hey friends!',
    facebookChat: "I've been chewing on this for a while and wanted to hear from you.",
    facebookQuestion: 'Anyone else thinking about this? Tell me in the comments. 👇',
    instagramLine: "This one's been on my mind. 🙂",
    instagramCall: 'Double-tap if you agree.',
  },
  enthusiastic: {
    statement: (sentence) => `Here's one I'm excited about: ${midSentence(withoutMark(sentence))}! 🚀`,
    question: (question) => `Big question, and I love it: ${midSentence(question)} 🚀`,
    title: (title) => `${title}! I can't stop thinking about this one! 🚀`,
    about: (clause) => `I can't stop thinking about ${clause}! 🚀`,
    list: (phrases) => `So much to dig into: ${phrases}!`,
    reflection: "There's so much here to explore, and I'm only getting started!",
    linkedinBody: 'Conversations like this are exactly why I love this community!',
    xLine: 'Love this!',
    xClose: "Who's in? 🙌",
    linkedinQuestion: 'What excites you most about it? 🙌',
    facebookHello: 'Hi everyone! 🎉',
    facebookChat: 'I just had to share this with you all!',
    facebookQuestion: "Who's with me? Let me know in the comments! 🙌",
    instagramLine: "Couldn't wait to share this! ✨",
    instagramCall: 'Tag someone who needs to see this! 🙌',
  },
  informative: {
    statement: (sentence) => `📌 Worth knowing: ${midSentence(sentence)}`,
    question: (question) => `📌 The question: ${midSentence(question)}`,
    title: (title) => `📌 ${title}: what to keep in mind.`,
    about: (clause) => `📌 A short note on ${clause}.`,
    list: (phrases) => `What it covers: ${phrases}.`,
    reflection: 'I will keep this short and stick to what is known.',
    linkedinBody: 'A short post to put it on your radar and start a conversation.',
    xLine: 'Sharing for anyone it concerns.',
    xClose: 'Questions? Ask away.',
    linkedinQuestion: 'What would you add?',
    facebookHello: 'Hello all.',
    facebookChat: 'Sharing it here so everyone is on the same page.',
    facebookQuestion: "Questions? Ask below and let's work through them together.",
    instagramLine: 'Short and to the point.',
    instagramCall: '📌 Save this for later.',
  },
  humorous: {
    statement: (sentence) => `Breaking news from my corner of the internet: ${midSentence(sentence)} 😄`,
    question: (question) => `The question that keeps me up at night (almost): ${midSentence(question)} 😄`,
    title: (title) => `${title}. I have opinions, and my coffee has even more. 😄`,
    about: (clause) => `I have opinions on ${clause}, and my coffee has even more. 😄`,
    list: (phrases) => `On today's menu: ${phrases}. No dessert, sorry.`,
    reflection: "I've thought about this more than I'd like to admit. 😅",
    linkedinBody: 'My hot take is still loading. Please hold. 😄',
    xLine: 'My coffee and I have thoughts.',
    xClose: 'Discuss, politely.',
    linkedinQuestion: 'Am I the only one? 😂',
    facebookHello: 'Friends, gather round! 😄',
    facebookChat: 'I promise this is more interesting than my last post.',
    facebookQuestion: 'Am I the only one who thinks about this? Comments are open. 😂',
    instagramLine: 'Apparently, this is what my brain does for fun. 🙃',
    instagramCall: 'Tag the friend who needs this. 😂',
  },
};

/** The topic's first sentence (or its title) in the tone's frame. */
function leadOf(shape: TopicShape, words: ToneWords): string {
  if (shape.kind === 'statement') return words.statement(shape.sentences[0]);
  if (shape.kind === 'question') return words.question(shape.sentences[0]);
  if (shape.kind === 'clause') return words.about(shape.title.charAt(0).toLowerCase() + shape.title.slice(1));
  // "Heat pumps: noise and costs" reads "Heat pumps — noise and costs: a topic worth…", one colon only.
  return words.title(shape.title.replace(/\s*:\s+/gu, ' — '));
}

/** The topic's other sentences, as written (the lead restates its first). */
const restOf = (shape: TopicShape) => shape.sentences.slice(1).join(' ');

/** The key phrases named in a line, when there are two or more and the topic is more than their list. */
function listLine(shape: TopicShape, words: ToneWords, max = 4): string {
  const phrases = shape.phrases.slice(0, max);
  // A noun-phrase topic of one or two phrases is its own list: naming them again says nothing.
  if (phrases.length < (shape.kind === 'phrase' ? 3 : 2)) return '';
  return words.list(listOf(phrases));
}

const paragraphs = (...parts: string[]) => parts.filter(Boolean).join('\n\n');

/**
 * X: one complete thought, hashtags included, within 280. A topic too long for that is not cut: the
 * post names its key phrases instead, fewer until it fits.
 */
function xPost(shape: TopicShape, words: ToneWords, hashtags: readonly string[]): string {
  const fits = (text: string) => postLength(text, hashtags) <= SOCIAL_LENGTH_LIMITS.twitter;
  const lead = leadOf(shape, words);
  // A title frame already carries the tone's own words; a restated sentence gets a line of them.
  const line = shape.kind === 'statement' || shape.kind === 'question' ? `${lead} ${words.xLine}` : lead;
  for (const candidate of [`${line} ${words.xClose}`, `${lead} ${words.xClose}`, lead])
    if (fits(candidate)) return candidate;
  for (let count = Math.min(3, shape.phrases.length); count >= 1; count -= 1) {
    const title = listOf(shape.phrases.slice(0, count));
    const short = words.title(title.charAt(0).toUpperCase() + title.slice(1));
    for (const candidate of [`${short} ${words.xClose}`, short]) if (fits(candidate)) return candidate;
  }
  return words.xClose;
}

/** LinkedIn: a hook, two or three short paragraphs, a question. */
function linkedinPost(shape: TopicShape, words: ToneWords): string {
  // The topic's own further sentences say more than a list of its phrases would.
  const rest = restOf(shape);
  const middle = [rest, rest ? '' : listLine(shape, words), words.reflection, words.linkedinBody].filter(Boolean);
  return paragraphs(leadOf(shape, words), ...middle.slice(0, 3), words.linkedinQuestion);
}

/** Facebook: conversational, a greeting, the topic, a word to the reader and a question. */
function facebookPost(shape: TopicShape, words: ToneWords): string {
  return paragraphs(
    `${words.facebookHello} ${leadOf(shape, words)}`,
    [restOf(shape), words.facebookChat].filter(Boolean).join(' '),
    words.facebookQuestion,
  );
}

/** Instagram: a short caption (the hashtag block follows it, see composePostText). */
function instagramPost(shape: TopicShape, words: ToneWords): string {
  return paragraphs(leadOf(shape, words), words.instagramLine, words.instagramCall);
}

export interface OfflinePostInput {
  platform: SocialPlatform;
  topic: string;
  tone: SocialTone;
}

/** The offline engine's post for the platform, topic and tone. */
export function offlinePost(input: OfflinePostInput): { content: string; hashtags: string[] } {
  const tone = SOCIAL_TONES.includes(input.tone) ? input.tone : 'professional';
  const words = TONES[tone];
  const shape = topicShape(input.topic);
  const hashtags = topicHashtags(shape, HASHTAG_COUNT[input.platform]);
  switch (input.platform) {
    case 'twitter':
      return { content: xPost(shape, words, hashtags), hashtags };
    case 'linkedin':
      return { content: linkedinPost(shape, words), hashtags };
    case 'facebook':
      return { content: facebookPost(shape, words), hashtags };
    default:
      return { content: instagramPost(shape, words), hashtags };
  }
}

import {
  checkPostLength,
  composePostText,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_PLATFORMS,
  SOCIAL_TONES,
  type SocialPlatform,
} from '@aide/contracts';
import { completion, startFakeChatServer } from '../../test/fixtures/ai/fake-chat-server';
import { AiService } from '../ai/ai.service';
import { OfflineProvider } from '../ai/offline/offline.provider';
import { OfflineTemplates } from '../ai/offline/templates';
import { ChatClient } from '../ai/remote/chat-client';
import { OpenAiCompatibleProvider } from '../ai/remote/openai-compatible.provider';
import { HASHTAG_COUNT } from './offline-post';
import {
  cutAtBoundary,
  fitToPlatform,
  registerSocialTemplates,
  socialPostSchemaFor,
  wholeSentencesWithin,
  writeSocialPost,
} from './social-writer';
import { topicShape } from './topic-shape';

function offlineAi(): AiService {
  const templates = new OfflineTemplates();
  const ai = new AiService(new OfflineProvider(templates), templates);
  registerSocialTemplates(ai);
  return ai;
}

/** 500 characters, several sentences: the longest topic the form accepts. */
const LONG_TOPIC = (
  'How small coastal towns can prepare their harbours, sea walls and fishing fleets for stronger winter storms. ' +
  'Residents, harbour masters and local councils are weighing flood barriers, insurance and relocation plans, ' +
  'while fishermen worry about lost days at sea and the cost of repairs after every storm season. ' +
  'What planning, funding and community cooperation could keep these towns safe and working for decades to come, ' +
  'without losing the character that makes them worth living in and visiting every single year'
).slice(0, 500);

describe('writeSocialPost (offline)', () => {
  const ai = offlineAi();

  it('uses a 500-character topic', () => {
    expect(LONG_TOPIC).toHaveLength(500);
  });

  it.each(SOCIAL_PLATFORMS.flatMap((platform) => SOCIAL_TONES.map((tone) => [platform, tone] as const)))(
    'fits %s in the %s tone with a 500-character topic',
    async (platform, tone) => {
      const post = await writeSocialPost(ai, platform, LONG_TOPIC, tone);
      expect(checkPostLength(platform, post.content, post.hashtags)).toBeNull();
      expect(post.hashtags.length).toBeGreaterThanOrEqual(3);
      expect(post.hashtags.length).toBeLessThanOrEqual(HASHTAG_COUNT[platform]);
      expect(post.content).not.toMatch(/…|\.\.\./);
      expect(post.method).toBe('offline:template:social.post');
    },
  );

  it('keeps X posts short: one or two sentences, well under 280 with the hashtags', async () => {
    const post = await writeSocialPost(ai, 'twitter', LONG_TOPIC, 'professional');
    expect([...composePostText(post.content, post.hashtags)].length).toBeLessThanOrEqual(SOCIAL_LENGTH_LIMITS.twitter);
    expect(post.content).not.toContain('\n');
    const linkedin = await writeSocialPost(ai, 'linkedin', 'Remote work and team culture', 'professional');
    expect(linkedin.content.length).toBeGreaterThan(
      (await writeSocialPost(ai, 'twitter', 'Remote work and team culture', 'professional')).content.length,
    );
  });

  it('writes about the topic, with hashtags from its keywords', async () => {
    const post = await writeSocialPost(ai, 'linkedin', 'Remote work and team culture', 'professional');
    expect(post.content).toContain('Remote work and team culture');
    expect(post.hashtags.map((tag) => tag.toLowerCase()).join(' ')).toMatch(/remote|work|culture|team/);
    for (const tag of post.hashtags) expect(tag).toMatch(/^[\p{L}\p{N}_]+$/u);
  });

  it('writes each tone differently: its own opening, closing and use of emoji', async () => {
    const posts = await Promise.all(
      SOCIAL_TONES.map((tone) => writeSocialPost(ai, 'facebook', 'Urban gardening', tone)),
    );
    const openings = posts.map((post) => post.content.split('\n')[0]);
    const closings = posts.map((post) => post.content.split('\n').at(-1));
    expect(new Set(openings).size).toBe(SOCIAL_TONES.length);
    expect(new Set(closings).size).toBe(SOCIAL_TONES.length);
    const emoji = /\p{Extended_Pictographic}/u;
    const byTone = Object.fromEntries(SOCIAL_TONES.map((tone, index) => [tone, posts[index].content]));
    expect(byTone.professional).not.toMatch(emoji);
    expect(byTone.enthusiastic).toMatch(emoji);
    expect(byTone.humorous).toMatch(emoji);
    expect(byTone.enthusiastic).toContain('!');
  });

  it("restates a sentence-like topic as a sentence, never inside a frame it breaks (the issue's example)", async () => {
    const topic = 'Our community garden opens a free composting workshop every Saturday morning for all.';
    const linkedin = await writeSocialPost(ai, 'linkedin', topic, 'professional');
    expect(linkedin.content.split('\n')[0]).toBe(topic);
    const casual = await writeSocialPost(ai, 'facebook', topic, 'casual');
    expect(casual.content).toContain('So, our community garden opens a free composting workshop');
    for (const tone of SOCIAL_TONES) {
      const post = await writeSocialPost(ai, 'twitter', topic, tone);
      expect(post.content).not.toMatch(/(on|about|of) our community garden opens/i);
      expect(post.content).not.toMatch(/…|\.\.\./);
    }
  });

  it('uses a noun-phrase topic as a noun phrase and a wh-clause where a noun phrase goes', async () => {
    expect((await writeSocialPost(ai, 'twitter', 'Remote work and team culture', 'professional')).content).toBe(
      'Remote work and team culture: a topic worth a considered look. What is your view?',
    );
    expect((await writeSocialPost(ai, 'twitter', 'Why sourdough needs time', 'casual')).content).toMatch(
      /^Been thinking about why sourdough needs time lately\./,
    );
    expect(
      (await writeSocialPost(ai, 'twitter', 'Should cities ban cars from their centres', 'casual')).content,
    ).toMatch(/^Honest question: should cities ban cars from their centres\?/);
  });

  it('writes X one complete thought: a topic too long for 280 is named by its key phrases, not cut', async () => {
    const topic =
      'Our library now lends tools as well as books, and drills, ladders and sewing machines can be borrowed for a week with a library card while volunteers show first-time users how to handle every one of them safely, including the heavy garden tools and the sewing machines that need a little practice first.';
    const post = await writeSocialPost(ai, 'twitter', topic, 'professional');
    expect([...composePostText(post.content, post.hashtags)].length).toBeLessThanOrEqual(280);
    expect(post.content).toMatch(/[.!?]$/);
    expect(post.content).not.toMatch(/…/);
    expect(post.content.toLowerCase()).toContain('library');
  });

  it('gives each platform its own shape', async () => {
    const topic = 'Heat pumps: refrigerants, noise, installation costs and cold-climate performance';
    const [x, linkedin, facebook, instagram] = await Promise.all(
      (['twitter', 'linkedin', 'facebook', 'instagram'] as const).map((platform) =>
        writeSocialPost(ai, platform, topic, 'professional'),
      ),
    );
    expect(x.content).not.toContain('\n');
    const paragraphs = linkedin.content.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(4);
    expect(paragraphs.length).toBeLessThanOrEqual(5);
    expect(paragraphs.at(-1)).toMatch(/\?$/);
    expect(facebook.content).toMatch(/\?/);
    expect(instagram.hashtags.length).toBeGreaterThan(linkedin.hashtags.length - 1);
    expect(new Set([x, linkedin, facebook, instagram].map((post) => post.content)).size).toBe(4);
    // Hashtags are the topic's key phrases, not fragments of it.
    expect(linkedin.hashtags).toEqual(expect.arrayContaining(['HeatPumps', 'InstallationCosts']));
  });

  it.each([
    ['We moved our search to PostgreSQL full-text search', ['FullTextSearch', 'PostgreSQL']],
    ['Should cities ban cars from their centres?', ['Cities', 'Cars', 'Centres']],
    ['Shipping small, reviewable commits', ['ReviewableCommits']],
    ['Our library now lends tools to first-time users', ['Library']],
  ])('tags "%s" with its key phrases, names keeping their capitals', async (topic, expected) => {
    const post = await writeSocialPost(ai, 'linkedin', topic, 'casual');
    expect(post.hashtags).toEqual(expect.arrayContaining(expected));
    expect(post.hashtags).not.toContain('TimeUsers');
    expect(post.hashtags).not.toContain('CitiesBanCars');
  });

  it('changes the wording with the tone beyond the first line', async () => {
    const bodies = await Promise.all(
      SOCIAL_TONES.map(async (tone) =>
        (await writeSocialPost(ai, 'linkedin', 'Remote work and team culture', tone)).content
          .split('\n\n')
          .slice(1)
          .join('\n'),
      ),
    );
    expect(new Set(bodies).size).toBe(SOCIAL_TONES.length);
  });

  it('invents no figures: the only digits come from the topic', async () => {
    for (const tone of SOCIAL_TONES) {
      const post = await writeSocialPost(ai, 'linkedin', 'Urban gardening', tone);
      expect(post.content).not.toMatch(/\d/);
    }
  });

  it('is deterministic', async () => {
    expect(await writeSocialPost(ai, 'instagram', 'Urban gardening', 'casual')).toEqual(
      await writeSocialPost(ai, 'instagram', 'Urban gardening', 'casual'),
    );
  });
});

describe('fitToPlatform', () => {
  it('normalises hashtags: no "#", no spaces or punctuation, one of each whatever the case, blanks dropped', () => {
    expect(fitToPlatform('linkedin', 'Hello', ['#AI', 'ai', ' #Machine-Learning ', '##', 'Café_2', 'AI'])).toEqual({
      content: 'Hello',
      hashtags: ['AI', 'MachineLearning', 'Café_2'],
    });
  });

  it('drops hashtags from the end before cutting the content', () => {
    const content = 'x'.repeat(270);
    const fitted = fitToPlatform('twitter', content, ['one', 'two', 'three']);
    expect(fitted).toEqual({ content, hashtags: ['one'] });
    expect(checkPostLength('twitter', fitted.content, fitted.hashtags)).toBeNull();
  });

  it('keeps the whole sentences that fit, without an ellipsis, when the text alone is over the limit', () => {
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const fitted = fitToPlatform('twitter', sentence.repeat(8), ['tag']);
    expect(fitted.hashtags).toEqual([]);
    expect(fitted.content).toBe(sentence.repeat(5).trim());
    expect(checkPostLength('twitter', fitted.content, fitted.hashtags)).toBeNull();
  });

  it('cuts at a word boundary only when not even one sentence fits, counting emoji as one character', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}🙂`).join(' ');
    const fitted = fitToPlatform('twitter', words, []);
    expect([...fitted.content].length).toBeLessThanOrEqual(280);
    expect(fitted.content).toMatch(/word\d+🙂…$/u);
  });
});

describe('cutAtBoundary, wholeSentencesWithin and topicShape', () => {
  it('leaves a short text alone', () => {
    expect(cutAtBoundary('Short text.', 50)).toBe('Short text.');
    expect(wholeSentencesWithin('One. Two.', 50)).toBe('One. Two.');
    expect(wholeSentencesWithin('First one.\n\nSecond one is longer.', 12)).toBe('First one.');
    expect(wholeSentencesWithin('A sentence far too long.', 5)).toBe('');
  });

  it.each([
    ['Our community garden opens a free composting workshop every Saturday morning for all.', 'statement'],
    ['Our library now lends tools as well as books', 'statement'],
    ['The city is answering questions about the new bike lanes', 'statement'],
    ['Should cities ban cars from their centres', 'question'],
    ['Is remote work here to stay?', 'question'],
    ['Why sourdough needs time', 'clause'],
    ['Remote work and team culture', 'phrase'],
    ['Heat pumps: refrigerants, noise, installation costs and cold-climate performance', 'phrase'],
    ['Urban gardening', 'phrase'],
    ['AI in schools', 'phrase'],
  ])('reads "%s" as a %s', (topic, kind) => {
    expect(topicShape(topic).kind).toBe(kind);
  });

  it('closes a statement with a full stop and a question with a question mark', () => {
    expect(topicShape('we moved our search to PostgreSQL').sentences).toEqual(['We moved our search to PostgreSQL.']);
    expect(topicShape('Should cities ban cars').sentences).toEqual(['Should cities ban cars?']);
  });
});

describe('writeSocialPost (a model)', () => {
  type Server = Awaited<ReturnType<typeof startFakeChatServer>>;
  let server: Server | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function modelAi(answer: unknown) {
    server = await startFakeChatServer([() => completion(JSON.stringify(answer))]);
    return modelAiOn(server);
  }

  function modelAiOn(running: Server) {
    const client = new ChatClient({
      baseUrl: running.baseUrl,
      model: 'test-model',
      timeoutMs: 5000,
      maxRetries: 0,
      retryBaseDelayMs: 20,
    });
    const templates = new OfflineTemplates();
    const ai = new AiService(new OpenAiCompatibleProvider(client), templates);
    registerSocialTemplates(ai);
    return ai;
  }

  it.each<SocialPlatform>(['twitter', 'instagram'])(
    're-asks for a %s answer over the limit, and keeps the one that fits',
    async (platform) => {
      const limit = SOCIAL_LENGTH_LIMITS[platform];
      const sentence = 'Gardens on rooftops cool the building below them. ';
      server = await startFakeChatServer([
        () =>
          completion(
            JSON.stringify({
              content: sentence.repeat(Math.ceil((limit * 1.5) / sentence.length)),
              hashtags: ['Gardening'],
            }),
          ),
        () =>
          completion(
            JSON.stringify({
              content: 'Rooftop gardens cool the building below them. Worth a look?',
              hashtags: ['#Gardening', 'gardening', 'Urban Gardens'],
            }),
          ),
      ]);
      const ai = modelAiOn(server);
      const post = await writeSocialPost(ai, platform, 'Rooftop gardens', 'informative');
      expect(post.method).not.toMatch(/^offline/);
      expect(post).toMatchObject({
        content: 'Rooftop gardens cool the building below them. Worth a look?',
        hashtags: ['Gardening', 'UrbanGardens'],
      });
      // The model was told the platform's shape, the tone and the limit, then what was wrong.
      const prompt = JSON.stringify(server.requests[0].body.messages);
      expect(prompt).toContain(String(limit));
      expect(prompt).toContain('informative');
      expect(prompt).toContain(platform === 'twitter' ? 'one complete thought' : 'hashtag');
      expect(JSON.stringify(server.requests[1].body.messages)).toContain(`within ${limit} characters`);
    },
  );

  it("checks each platform's shape: no ellipsis, X one paragraph, LinkedIn paragraphs and a question, Facebook a question", () => {
    const issues = (platform: SocialPlatform, content: string) => {
      const parsed = socialPostSchemaFor(platform).safeParse({ content, hashtags: ['Tag'] });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(issues('twitter', 'Our garden opens a workshop for all….')).toEqual([expect.stringContaining('ellipsis')]);
    expect(issues('twitter', 'One line.\n\nAnother.')).toEqual([expect.stringContaining('one paragraph')]);
    expect(issues('linkedin', 'Just one paragraph.')).toEqual([expect.stringContaining('hook line')]);
    expect(issues('linkedin', 'Hook.\n\nBody.\n\nNo question.')).toEqual([expect.stringContaining('question')]);
    expect(issues('linkedin', 'Hook.\n\nBody.\n\nWhat do you think?')).toEqual([]);
    expect(issues('facebook', 'Hi all. Nothing to ask.')).toEqual([expect.stringContaining('question')]);
    expect(issues('instagram', 'A caption.\n\nSave this.')).toEqual([]);
  });

  it('keeps a model answer that fits, with its hashtags normalised', async () => {
    const content = 'Rooftop gardens, in short.\n\nThey cool the building below.\n\nHave you tried one?';
    const ai = await modelAi({ content, hashtags: ['#Gardening', 'gardening', 'Urban Gardens'] });
    expect(await writeSocialPost(ai, 'linkedin', 'Rooftop gardens', 'casual')).toMatchObject({
      content,
      hashtags: ['Gardening', 'UrbanGardens'],
    });
  });
});

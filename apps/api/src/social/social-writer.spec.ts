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
import { cutAtBoundary, fitToPlatform, registerSocialTemplates, subjectOf, writeSocialPost } from './social-writer';

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
      expect(post.hashtags.length).toBeLessThanOrEqual(5);
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

  it("cuts the content at a sentence end, with '…', when the text alone is over the limit", () => {
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const fitted = fitToPlatform('twitter', sentence.repeat(8), ['tag']);
    expect(fitted.hashtags).toEqual([]);
    expect(fitted.content.endsWith('ok.…')).toBe(true);
    expect(checkPostLength('twitter', fitted.content, fitted.hashtags)).toBeNull();
  });

  it('cuts at a word boundary when there is no sentence end, counting emoji as one character', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}🙂`).join(' ');
    const fitted = fitToPlatform('twitter', words, []);
    expect([...fitted.content].length).toBeLessThanOrEqual(280);
    expect(fitted.content).toMatch(/word\d+🙂…$/u);
  });
});

describe('cutAtBoundary and subjectOf', () => {
  it('leaves a short text alone', () => {
    expect(cutAtBoundary('Short text.', 50)).toBe('Short text.');
  });

  it('reads a topic mid-sentence', () => {
    expect(subjectOf('The future of remote work.', 100)).toBe('the future of remote work');
    expect(subjectOf('AI in schools', 100)).toBe('AI in schools');
    expect([...subjectOf(LONG_TOPIC, 100)].length).toBeLessThanOrEqual(100);
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
    const client = new ChatClient({
      baseUrl: server.baseUrl,
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

  it.each<SocialPlatform>(['twitter', 'instagram'])('cuts a %s answer over the limit to fit it', async (platform) => {
    const limit = SOCIAL_LENGTH_LIMITS[platform];
    const sentence = 'Gardens on rooftops cool the building below them. ';
    const ai = await modelAi({
      content: sentence.repeat(Math.ceil((limit * 1.5) / sentence.length)),
      hashtags: ['#Gardening', 'gardening', 'Urban Gardens'],
    });
    const post = await writeSocialPost(ai, platform, 'Rooftop gardens', 'informative');
    expect(post.method).not.toMatch(/^offline/);
    expect(checkPostLength(platform, post.content, post.hashtags)).toBeNull();
    expect(post.content.endsWith('them.…')).toBe(true);
    // The model was told the platform, the tone and the limit.
    const prompt = JSON.stringify(server!.requests[0].body.messages);
    expect(prompt).toContain(String(limit));
    expect(prompt).toContain('informative');
  });

  it('keeps a model answer that fits, with its hashtags normalised', async () => {
    const ai = await modelAi({
      content: 'Rooftop gardens, in short.',
      hashtags: ['#Gardening', 'gardening', 'Urban Gardens'],
    });
    expect(await writeSocialPost(ai, 'linkedin', 'Rooftop gardens', 'casual')).toMatchObject({
      content: 'Rooftop gardens, in short.',
      hashtags: ['Gardening', 'UrbanGardens'],
    });
  });
});

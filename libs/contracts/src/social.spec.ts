import {
  checkPostLength,
  checkScheduleTime,
  composePostText,
  createSocialPostSchema,
  parseHashtags,
  postLength,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORMS,
  scheduleSocialPostSchema,
  shareTarget,
  socialPostFormSchema,
  tooLongMessage,
  updateSocialPostSchema,
} from './social';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('creating a post', () => {
  it("answers the spec's messages for a missing platform and topic", () => {
    expect(messages(createSocialPostSchema.safeParse({}))).toEqual([
      SOCIAL_MESSAGES.platformRequired,
      SOCIAL_MESSAGES.topicRequired,
    ]);
    expect(messages(createSocialPostSchema.safeParse({ platform: 'twitter', topic: '   ' }))).toEqual([
      'Topic is required',
    ]);
  });

  it('names the platforms and tones it accepts', () => {
    expect(messages(createSocialPostSchema.safeParse({ platform: 'myspace', topic: 'x' }))).toEqual([
      'Platform must be one of: linkedin, twitter, facebook, instagram',
    ]);
    expect(messages(createSocialPostSchema.safeParse({ platform: 'twitter', topic: 'x', tone: 'angry' }))).toEqual([
      'Tone must be one of: professional, casual, enthusiastic, informative, humorous',
    ]);
  });

  it('writes in a professional tone unless asked otherwise', () => {
    expect(createSocialPostSchema.parse({ platform: 'linkedin', topic: 'Remote work' }).tone).toBe('professional');
    expect(createSocialPostSchema.parse({ platform: 'linkedin', topic: 'Remote work', tone: 'humorous' }).tone).toBe(
      'humorous',
    );
  });

  it("the dialog's empty platform choice is 'Platform is required'", () => {
    expect(messages(socialPostFormSchema.safeParse({ platform: '', topic: 'AI', tone: 'casual' }))).toEqual([
      'Platform is required',
    ]);
  });
});

describe('length limits', () => {
  it('counts the hashtags as part of the post, after a blank line', () => {
    expect(composePostText('Hello', ['ai', 'news'])).toBe('Hello\n\n#ai #news');
    expect(composePostText('Hello  ', [])).toBe('Hello');
    expect(postLength('Hello', ['ai'])).toBe('Hello\n\n#ai'.length);
  });

  it('counts an emoji as one character, as the platforms do', () => {
    expect(postLength('👋🏽', [])).toBe(2); // the wave and its skin-tone modifier: two code points, four UTF-16 units
    expect(postLength('😀', [])).toBe(1);
  });

  it.each(SOCIAL_PLATFORMS)('%s: a post at the limit fits, one character more does not', (platform) => {
    const limit = SOCIAL_LENGTH_LIMITS[platform];
    expect(checkPostLength(platform, 'a'.repeat(limit), [])).toBeNull();
    expect(checkPostLength(platform, 'a'.repeat(limit + 1), [])).toBe(tooLongMessage(platform, limit + 1));
  });

  it('has the real limits and says them plainly', () => {
    expect(SOCIAL_LENGTH_LIMITS).toEqual({ twitter: 280, linkedin: 3000, instagram: 2200, facebook: 63206 });
    expect(tooLongMessage('twitter', 301)).toBe('X (Twitter) allows 280 characters; this post has 301');
    expect(checkPostLength('twitter', 'a'.repeat(276), ['ai'])).toBe(
      'X (Twitter) allows 280 characters; this post has 281',
    );
  });
});

describe('hashtags', () => {
  it('are typed with or without #, separated by spaces or commas, kept once regardless of case', () => {
    expect(parseHashtags('#AI, ai  #Cloud-Native,,#über_cool #')).toEqual(['AI', 'CloudNative', 'über_cool']);
  });

  it('are normalised the same way by the edit payload', () => {
    expect(updateSocialPostSchema.parse({ hashtags: ['#Tech', 'tech', ' #ML '] }).hashtags).toEqual(['Tech', 'ML']);
    expect(
      messages(updateSocialPostSchema.safeParse({ hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`) })),
    ).toEqual(['At most 30 hashtags']);
  });

  it('an edit must change something, and the text may not be blank', () => {
    expect(messages(updateSocialPostSchema.safeParse({}))).toEqual([
      'Send content, hashtags or an image link to change',
    ]);
    expect(messages(updateSocialPostSchema.safeParse({ content: '  ' }))).toEqual([SOCIAL_MESSAGES.contentRequired]);
    expect(messages(updateSocialPostSchema.safeParse({ imageUrl: 'javascript:alert(1)' }))).toEqual([
      'Image link must be an http(s) address',
    ]);
  });
});

describe('share pages (Publish Now with no connected account)', () => {
  it('X opens its composer with the whole text, hashtags included', () => {
    const { url, prefillsText } = shareTarget('twitter', 'Ship it & smile', ['devops']);
    expect(prefillsText).toBe(true);
    expect(new URL(url).origin + new URL(url).pathname).toBe('https://twitter.com/intent/tweet');
    expect(new URL(url).searchParams.get('text')).toBe('Ship it & smile\n\n#devops');
  });

  it('LinkedIn opens its share box with the text filled in', () => {
    const url = new URL(shareTarget('linkedin', 'Hiring: 2 engineers', ['jobs']).url);
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/feed/');
    expect(url.searchParams.get('shareActive')).toBe('true');
    expect(url.searchParams.get('text')).toBe('Hiring: 2 engineers\n\n#jobs');
  });

  it("Facebook's sharer takes the post's first link (it takes no text), else Facebook opens", () => {
    const withLink = shareTarget('facebook', 'Read https://example.org/a?b=1 and https://example.org/c', []);
    expect(withLink.prefillsText).toBe(false);
    expect(new URL(withLink.url).searchParams.get('u')).toBe('https://example.org/a?b=1');
    expect(shareTarget('facebook', 'No link here', [])).toEqual({
      url: 'https://www.facebook.com/',
      prefillsText: false,
    });
  });

  it('Instagram has no web share page: Instagram opens and the text is to be pasted', () => {
    expect(shareTarget('instagram', 'Sunset', ['photo'])).toEqual({
      url: 'https://www.instagram.com/',
      prefillsText: false,
    });
  });
});

describe('scheduling', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('refuses a time that has passed, or is now', () => {
    expect(checkScheduleTime(new Date('2026-11-22T09:59:00Z'), now)).toBe(SOCIAL_MESSAGES.scheduledInPast);
    expect(checkScheduleTime(now, now)).toBe(SOCIAL_MESSAGES.scheduledInPast);
  });

  it('takes a future time up to a year ahead', () => {
    expect(checkScheduleTime(new Date('2026-11-22T10:01:00Z'), now)).toBeNull();
    expect(checkScheduleTime(new Date('2027-11-23T10:00:00Z'), now)).toBe(SOCIAL_MESSAGES.scheduledTooFar);
  });

  it('wants a date and time with its zone', () => {
    expect(scheduleSocialPostSchema.parse({ scheduledAt: '2026-12-01T09:30:00+01:00' }).scheduledAt.toISOString()).toBe(
      '2026-12-01T08:30:00.000Z',
    );
    expect(messages(scheduleSocialPostSchema.safeParse({ scheduledAt: 'tomorrow' }))).toEqual([
      SOCIAL_MESSAGES.scheduledAtInvalid,
    ]);
  });
});

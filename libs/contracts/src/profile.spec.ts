import { PROFILE_LANGUAGES, PROFILE_TIMEZONES, updateProfileSchema } from './profile';
import { PROFILE_DEFAULTS } from './profile-defaults';

const messages = (input: unknown) => updateProfileSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('PROFILE_DEFAULTS', () => {
  it("are spec §5's defaults, plus a reminder 10 minutes before each event and no morning briefing", () => {
    expect(PROFILE_DEFAULTS).toEqual({
      bio: null,
      location: null,
      timezone: 'UTC',
      language: 'en',
      theme: 'light',
      emailNotifications: true,
      pushNotifications: true,
      weeklyDigest: true,
      marketingEmails: false,
      eventReminderMinutes: 10,
      dailyBriefing: 'off',
      briefingTime: '07:30',
      dashboardLayout: null,
    });
  });

  it("offer the spec's eight timezones and six languages", () => {
    expect(PROFILE_TIMEZONES.map((o) => o.label)).toEqual([
      'UTC',
      'Eastern Time',
      'Central Time',
      'Mountain Time',
      'Pacific Time',
      'London',
      'Paris',
      'Tokyo',
    ]);
    expect(PROFILE_LANGUAGES.map((o) => o.value)).toEqual(['en', 'es', 'fr', 'de', 'ja', 'zh']);
  });
});

describe('updateProfileSchema', () => {
  it('takes any subset of the fields, trimming text', () => {
    expect(updateProfileSchema.parse({})).toEqual({});
    expect(
      updateProfileSchema.parse({ theme: 'system', bio: '  Hi ', timezone: 'Asia/Tokyo', weeklyDigest: false }),
    ).toEqual({
      theme: 'system',
      bio: 'Hi',
      timezone: 'Asia/Tokyo',
      weeklyDigest: false,
    });
    expect(updateProfileSchema.parse({ bio: null, location: null })).toEqual({ bio: null, location: null });
  });

  it('answers the listed messages for values outside the options', () => {
    expect(messages({ timezone: 'Pacific' })).toEqual(['Choose one of the listed timezones']);
    expect(messages({ language: 'it' })).toEqual(['Choose one of the listed languages']);
    expect(messages({ theme: 'auto' })).toEqual(['Theme must be light, dark or system']);
    expect(messages({ pushNotifications: 'true' })).toEqual(['Push notifications must be true or false']);
  });

  it('requires a non-blank name when one is sent, and limits the text fields', () => {
    expect(messages({ firstName: ' ' })).toEqual(['First name is required']);
    expect(messages({ lastName: null })).toEqual(['Last name is required']);
    expect(messages({ bio: 'a'.repeat(501) })).toEqual(['Bio must be at most 500 characters']);
    expect(messages({ location: 'a'.repeat(101) })).toEqual(['Location must be at most 100 characters']);
  });

  it('refuses fields it does not know, such as email or userId', () => {
    expect(updateProfileSchema.safeParse({ email: 'x@example.com' }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ userId: 1 }).success).toBe(false);
  });

  describe('dashboardLayout', () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `email.card-${i}`);

    it("takes the cards' order and the hidden ones as '<module>.<widget>' keys, or null for the default", () => {
      const layout = { order: ['email.insights', 'organiser.schedule'], hidden: ['website.analytics'] };
      expect(updateProfileSchema.parse({ dashboardLayout: layout })).toEqual({ dashboardLayout: layout });
      expect(
        updateProfileSchema.parse({ dashboardLayout: { order: keys(50), hidden: [] } }).dashboardLayout?.order,
      ).toHaveLength(50);
      expect(updateProfileSchema.parse({ dashboardLayout: null })).toEqual({ dashboardLayout: null });
    });

    it('answers readable messages for keys that are malformed, too long, too many or repeated', () => {
      const layout = (order: unknown, hidden: unknown = []) => messages({ dashboardLayout: { order, hidden } });
      const pattern = 'A dashboard card key must look like module.card, e.g. email.insights';
      expect(layout(['insights'])).toEqual([pattern]);
      expect(layout(['Email.insights'])).toEqual([pattern]);
      expect(layout(['email.'])).toEqual([pattern]);
      expect(layout(['email.insights.extra'])).toEqual([pattern]);
      expect(layout([`email.${'a'.repeat(95)}`])).toEqual(['A dashboard card key must be at most 100 characters']);
      expect(layout([7])).toEqual(['A dashboard card key must be text']);
      expect(layout(keys(51))).toEqual(['Dashboard order must have at most 50 cards']);
      expect(layout([], keys(51))).toEqual(['Hidden dashboard cards must have at most 50 cards']);
      expect(layout(['email.insights', 'email.insights'])).toEqual(['Dashboard order must not list a card twice']);
      expect(layout('email.insights')).toEqual(['Dashboard order must be a list of dashboard card keys']);
      expect(messages({ dashboardLayout: { order: [] } })).toEqual([
        'Hidden dashboard cards must be a list of dashboard card keys',
      ]);
      expect(messages({ dashboardLayout: 'compact' })).toEqual([
        'Dashboard layout must be an object with order and hidden',
      ]);
      expect(messages({ dashboardLayout: { order: [], hidden: [], columns: 2 } })).toHaveLength(1);
    });
  });
});

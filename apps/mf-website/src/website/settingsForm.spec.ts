import { aSite } from '../../test/factories';
import { SETTINGS_MESSAGES, settingsFormValues, settingsPayload, websiteSettingsFormSchema } from './settingsForm';

const messages = (values: unknown) => {
  const result = websiteSettingsFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('settingsPayload: the Settings dialog’s PATCH', () => {
  const site = aSite({ name: 'Blog', url: 'https://blog.example.com', platform: 'wordpress', isActive: true });

  it('sends only what changed, and nothing when nothing did', () => {
    expect(settingsPayload(site, settingsFormValues(site))).toBeNull();
    expect(
      settingsPayload(site, { ...settingsFormValues(site), name: ' New name ', isActive: false, platform: '' }),
    ).toEqual({
      name: 'New name',
      isActive: false,
      platform: null,
    });
  });

  it('connects WordPress with a username and an application password', () => {
    expect(
      settingsPayload(site, { ...settingsFormValues(site), wordpressUsername: 'ada', wordpressPassword: 'abcd efgh' }),
    ).toEqual({
      wordpress: { username: 'ada', applicationPassword: 'abcd efgh' },
    });
  });

  it('removes the connection with null, and keeps a stored password left blank', () => {
    const connected = aSite({ wordpress: { configured: true, username: 'ada' } });
    expect(settingsPayload(connected, { ...settingsFormValues(connected), removeWordpress: true })).toEqual({
      wordpress: null,
    });
    expect(settingsPayload(connected, settingsFormValues(connected))).toBeNull();
  });

  it('asks for the password of new credentials, and for a username', () => {
    expect(messages({ ...settingsFormValues(site), wordpressUsername: 'ada' })).toEqual([
      `wordpressPassword: ${SETTINGS_MESSAGES.passwordRequired}`,
    ]);
    expect(messages({ ...settingsFormValues(site), wordpressPassword: 'secret' })).toEqual([
      `wordpressUsername: ${SETTINGS_MESSAGES.usernameRequired}`,
    ]);
    const connected = aSite({ wordpress: { configured: true, username: 'ada' } });
    expect(messages({ ...settingsFormValues(connected), wordpressUsername: 'grace' })).toEqual([
      `wordpressPassword: ${SETTINGS_MESSAGES.passwordRequired}`,
    ]);
  });
});

import { createEmailIntegrationSchema } from '@aide/contracts';
import { ADD_DEFAULTS, toCreatePayload } from './AddIntegrationDialog';

describe('the Add Integration form', () => {
  it('starts with the spec defaults: sync every 300 s, auto-respond off, auto-categories on', () => {
    expect(ADD_DEFAULTS).toMatchObject({ syncFrequency: 300, autoRespond: false, autoCategories: true });
  });

  it('sends only the preset provider’s fields for gmail, outlook and yahoo', () => {
    const parsed = createEmailIntegrationSchema.parse({
      ...ADD_DEFAULTS,
      provider: 'outlook',
      email: 'ada@example.test',
      password: 'secret',
      imapHost: 'ignored.example',
      username: 'x',
    });
    expect(toCreatePayload(parsed)).toEqual({
      provider: 'outlook',
      email: 'ada@example.test',
      password: 'secret',
      syncFrequency: 300,
      autoRespond: false,
      autoCategories: true,
    });
  });

  it('sends the server fields that were filled in for imap, and leaves blank ones out', () => {
    const parsed = createEmailIntegrationSchema.parse({
      ...ADD_DEFAULTS,
      provider: 'imap',
      email: 'ada@example.test',
      password: 'secret',
      imapHost: 'imap.example.test',
      imapPort: 993,
      displayName: ' Work ',
    });
    expect(toCreatePayload(parsed)).toEqual({
      provider: 'imap',
      email: 'ada@example.test',
      displayName: 'Work',
      password: 'secret',
      imapHost: 'imap.example.test',
      imapPort: 993,
      syncFrequency: 300,
      autoRespond: false,
      autoCategories: true,
    });
  });

  it("refuses a bad address with the spec's message and a sync frequency under 60", () => {
    const result = createEmailIntegrationSchema.safeParse({
      ...ADD_DEFAULTS,
      email: 'not-an-address',
      password: 'x',
      syncFrequency: 30,
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain('Sync frequency must be at least 60 seconds');
  });
});

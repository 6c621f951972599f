import type { EmailIntegration } from '@aide/contracts';
import type { Agent } from './factories';
import type { MailServers } from './mail-servers';
import { waitFor } from './wait-for';

/**
 * Connects `user`'s mailbox on the test Dovecot (what the Add Integration dialog posts) and waits
 * for its first sync, which runs as a job, to finish, well or not. No recurring sync meanwhile
 * (syncFrequency a day): the test asks for the syncs it wants. `overrides` replace fields of the post.
 */
export async function connectMailbox(
  agent: Agent,
  mail: MailServers,
  user: string,
  password: string,
  overrides: Record<string, unknown> = {},
): Promise<EmailIntegration> {
  const created = await agent
    .post('/api/email-integrations')
    .send({
      provider: 'imap',
      email: mail.address(user),
      password,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
      syncFrequency: 86_400,
      ...overrides,
    })
    .expect(201);
  const id = (created.body as EmailIntegration).id;
  return waitFor(
    async () => {
      const accounts = (await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[];
      const found = accounts.find((account) => account.id === id)!;
      return found.lastSyncAt !== null || found.lastSyncError !== null ? found : undefined;
    },
    { timeoutMs: 30_000, what: `the first sync of ${user}` },
  );
}

import type { Email } from '@aide/contracts';
import { EmailBody } from '../shared/EmailBody';
import { namesRemoteContent, useRemoteContentChoice } from './useNewsletters';

type BodyEmail = Pick<Email, 'body' | 'htmlBody' | 'subject' | 'from'>;

/** EmailBody with the user's per-sender choice for remote images, asked of the API only when the message names something remote. */
export function EmailBodyWithPrivacy({ email }: { email: BodyEmail }) {
  return namesRemoteContent(email.htmlBody) ? <WithSenderChoice email={email} /> : <EmailBody email={email} />;
}

function WithSenderChoice({ email }: { email: BodyEmail }) {
  const remoteContent = useRemoteContentChoice(email);
  return <EmailBody email={email} remoteContent={remoteContent} />;
}

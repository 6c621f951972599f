import { SuggestionsPanel } from '@aide/ui';
import { InvitationCard } from '../invitations/InvitationCard';

/**
 * What an opened message can turn into (issue 26): its meeting invitation, answered here, then what
 * it could become and what it became. Its own chunk: it loads with the first opened message.
 */
export default function MailActions({ emailId }: { emailId: number }) {
  return (
    <>
      <InvitationCard emailId={emailId} />
      <SuggestionsPanel source={{ emailId }} />
    </>
  );
}

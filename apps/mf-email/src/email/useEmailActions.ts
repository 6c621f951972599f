/** The email changes the screen makes, each with its spec §8 toast on failure. */
import { isUnauthorizedError } from '@aide/api-client';
import type { Email, EmailCategory, EmailPriority } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { textsOf } from '../i18n';
import { useT as useAssistT } from '../i18n/assist';
import { serverMessage } from '../shared/emailText';
import { useUpdateEmail } from './useEmails';

// Spec §8 titles, and the 'Failed to …' fallbacks used when the server gives no message. Read when
// shown (a getter per text), in the language active then.
export const EMAIL_ACTION_TEXT = textsOf({
  updateError: 'actions.updateError',
  updateFallback: 'actions.updateFallback',
  archiveError: 'actions.archiveError',
  archiveFallback: 'actions.archiveFallback',
  unarchiveFallback: 'actions.unarchiveFallback',
  statusError: 'actions.statusError',
  statusFallback: 'actions.statusFallback',
});

export function useEmailActions() {
  const { toast } = useHost();
  const assistT = useAssistT();
  const update = useUpdateEmail();

  /** Runs one PATCH; answers the updated email, or null after showing the failure. */
  const run = async (
    email: Email,
    payload: Parameters<typeof update.mutateAsync>[0]['payload'],
    title: string,
    fallback: string,
  ) => {
    try {
      return await update.mutateAsync({ id: email.id, payload });
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (!isUnauthorizedError(error))
        toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });
      return null;
    }
  };

  return {
    /** The PATCH in flight, to show which row or button is busy. */
    pending: update.isPending ? update.variables : undefined,
    setRead: (email: Email, isRead: boolean) =>
      run(email, { isRead }, EMAIL_ACTION_TEXT.statusError, EMAIL_ACTION_TEXT.statusFallback),
    setArchived: (email: Email, isArchived: boolean) =>
      run(
        email,
        { isArchived },
        EMAIL_ACTION_TEXT.archiveError,
        isArchived ? EMAIL_ACTION_TEXT.archiveFallback : EMAIL_ACTION_TEXT.unarchiveFallback,
      ),
    setTriage: async (email: Email, priority: EmailPriority, category: EmailCategory | null) => {
      const updated = await run(
        email,
        { priority, category },
        EMAIL_ACTION_TEXT.updateError,
        EMAIL_ACTION_TEXT.updateFallback,
      );
      if (updated) toast({ title: assistT('triage.saved') });
      return updated;
    },
  };
}

/** The changes the screen makes, each with its spec §8 toast on failure (with the server's reason) and its success toast. */
import { failureReason, isUnauthorizedError } from '@aide/api-client';
import type { UpdateWebsitePayload, Website } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import {
  useBackupWebsite,
  useCreateBlogPost,
  useCreateWebsite,
  useDeleteWebsite,
  useSecurityCheck,
  useSeoAudit,
  useUpdateWebsite,
} from './useWebsites';
import { messageText, t } from '../i18n';

export interface NewWebsite {
  name: string;
  url: string;
  platform: Website['platform'];
}

export function useWebsiteActions() {
  const { toast, user } = useHost();
  const create = useCreateWebsite();
  const update = useUpdateWebsite();
  const remove = useDeleteWebsite();
  const backup = useBackupWebsite();
  const audit = useSeoAudit();
  const security = useSecurityCheck();
  const blog = useCreateBlogPost();

  const fail = (title: string, error: unknown) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (!isUnauthorizedError(error))
      toast({ title, description: messageText(failureReason(error)), variant: 'destructive' });
  };

  /** Runs one call; answers true when it worked, false after showing the failure. */
  async function run(
    call: () => Promise<unknown>,
    success: string | { title: string; description?: string },
    failure: string,
  ): Promise<boolean> {
    try {
      await call();
      toast(typeof success === 'string' ? { title: success } : success);
      return true;
    } catch (error) {
      fail(failure, error);
      return false;
    }
  }

  return {
    creating: create.isPending,
    updating: update.isPending,
    creatingBlogPost: blog.isPending,
    /** POST /api/websites for the signed-in user (DECISIONS: the API checks the id against the session). */
    create: (site: NewWebsite) =>
      run(() => create.mutateAsync({ userId: user.id, ...site }), t('messages.added'), t('messages.addFailed')),
    update: (site: Website, payload: UpdateWebsitePayload) =>
      run(() => update.mutateAsync({ id: site.id, payload }), t('messages.updated'), t('messages.updateFailed')),
    remove: (site: Website) =>
      run(() => remove.mutateAsync(site.id), t('messages.deleted'), t('messages.deleteFailed')),
    backup: (site: Website) =>
      run(() => backup.mutateAsync(site.id), t('messages.backupStarted'), t('messages.backupFailed')),
    seoAudit: (site: Website) =>
      run(() => audit.mutateAsync(site.id), t('messages.auditStarted'), t('messages.auditFailed')),
    securityCheck: (site: Website) =>
      run(() => security.mutateAsync(site.id), t('messages.securityStarted'), t('messages.securityFailed')),
    /** POST /api/websites/:id/blog (spec §7: userId, topic, keywords). */
    createBlogPost: (site: Website, topic: string, keywords: string[]) =>
      run(
        () => blog.mutateAsync({ websiteId: site.id, payload: { userId: user.id, topic, keywords } }),
        {
          title: t('messages.blogCreated'),
          description: site.wordpress.configured ? t('actions.blogToWordpressHint') : t('actions.blogCreatedHint'),
        },
        t('messages.blogFailed'),
      ),
  };
}

export type WebsiteActions = ReturnType<typeof useWebsiteActions>;

/** The changes the screen makes, each with its spec §8 toast on failure (with the server's reason) and its success toast. */
import { failureReason, isUnauthorizedError } from '@aide/api-client';
import { WEBSITE_MESSAGES, type UpdateWebsitePayload, type Website } from '@aide/contracts';
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

export const ACTION_TEXT = {
  blogCreatedHint: 'Aide is writing it now: follow it under Blog posts on the site’s Performance tab.',
  blogToWordpressHint: 'Aide is writing it now and will send it to WordPress as a draft.',
} as const;

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
    if (!isUnauthorizedError(error)) toast({ title, description: failureReason(error), variant: 'destructive' });
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
      run(() => create.mutateAsync({ userId: user.id, ...site }), WEBSITE_MESSAGES.added, WEBSITE_MESSAGES.addFailed),
    update: (site: Website, payload: UpdateWebsitePayload) =>
      run(() => update.mutateAsync({ id: site.id, payload }), WEBSITE_MESSAGES.updated, WEBSITE_MESSAGES.updateFailed),
    remove: (site: Website) =>
      run(() => remove.mutateAsync(site.id), WEBSITE_MESSAGES.deleted, WEBSITE_MESSAGES.deleteFailed),
    backup: (site: Website) =>
      run(() => backup.mutateAsync(site.id), WEBSITE_MESSAGES.backupStarted, WEBSITE_MESSAGES.backupFailed),
    seoAudit: (site: Website) =>
      run(() => audit.mutateAsync(site.id), WEBSITE_MESSAGES.auditStarted, WEBSITE_MESSAGES.auditFailed),
    securityCheck: (site: Website) =>
      run(() => security.mutateAsync(site.id), WEBSITE_MESSAGES.securityStarted, WEBSITE_MESSAGES.securityFailed),
    /** POST /api/websites/:id/blog (spec §7: userId, topic, keywords). */
    createBlogPost: (site: Website, topic: string, keywords: string[]) =>
      run(
        () => blog.mutateAsync({ websiteId: site.id, payload: { userId: user.id, topic, keywords } }),
        {
          title: WEBSITE_MESSAGES.blogCreated,
          description: site.wordpress.configured ? ACTION_TEXT.blogToWordpressHint : ACTION_TEXT.blogCreatedHint,
        },
        WEBSITE_MESSAGES.blogFailed,
      ),
  };
}

export type WebsiteActions = ReturnType<typeof useWebsiteActions>;

/** The changes the screen makes, each with its spec §8 toast on failure and a short toast on success. */
import { failureReason, isUnauthorizedError } from '@aide/api-client';
import {
  composePostText,
  DEFAULT_SOCIAL_TONE,
  shareTarget,
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
  type SocialPost,
  type SocialTone,
  type UpdateSocialPostPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { t } from '../i18n';
import {
  useConnectAccount,
  useCreatePost,
  useDeletePost,
  useDisconnectAccount,
  usePublishPost,
  useRefreshEngagement,
  useSchedulePost,
  useUnschedulePost,
  useUpdatePost,
} from './useSocial';

/** The texts around the toasts, in the language active when they show (the spec names only two failures). */
export const ACTION_TEXT = {
  copied: (platform: SocialPlatform) => t('toast.copied', { platform: SOCIAL_PLATFORM_LABELS[platform] }),
  copyFailed: (platform: SocialPlatform) => t('toast.copyFailed', { platform: SOCIAL_PLATFORM_LABELS[platform] }),
  prefilled: (platform: SocialPlatform) => t('toast.prefilled', { platform: SOCIAL_PLATFORM_LABELS[platform] }),
  connected: (platform: SocialPlatform) => t('toast.connected', { platform: SOCIAL_PLATFORM_LABELS[platform] }),
  connectedHint: () => t('toast.connectedHint'),
};

/** The post's text onto the clipboard; answers whether it got there. */
function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (!clipboard?.writeText) return Promise.resolve(false);
  return clipboard.writeText(text).then(
    () => true,
    () => false,
  );
}

export interface PublishOptions {
  /** Whether the platform has a connected account (then the API publishes, and no tab opens). */
  connected: boolean;
  /** The text as the user sees it now, when it differs from the stored post (an unsaved preview). */
  content?: string;
  hashtags?: string[];
  /** Runs after the tab opened and before publishing (saving the preview); null stops. */
  prepare?: () => Promise<SocialPost | null>;
}

export function useSocialActions() {
  const { toast, user } = useHost();
  const create = useCreatePost();
  const update = useUpdatePost();
  const schedule = useSchedulePost();
  const unschedule = useUnschedulePost();
  const publish = usePublishPost();
  const remove = useDeletePost();
  const refresh = useRefreshEngagement();
  const connect = useConnectAccount();
  const disconnect = useDisconnectAccount();

  const fail = (title: () => string, error: unknown) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (!isUnauthorizedError(error))
      toast({ title: title(), description: failureReason(error), variant: 'destructive' });
  };

  /**
   * Runs one call; answers its result, or null after showing the failure. The toasts' texts are read
   * when they show (in the language active then), hence functions.
   */
  async function run<T>(
    call: () => Promise<T>,
    success: (() => { title: string; description?: string }) | null,
    failure: () => string,
  ): Promise<T | null> {
    try {
      const result = await call();
      if (success) toast(success());
      return result ?? (true as T);
    } catch (error) {
      fail(failure, error);
      return null;
    }
  }

  /**
   * Publish Now (DECISIONS §Integrations). Without a connected account the API marks the post
   * published and answers the platform's share page: the tab for it is opened here, synchronously in
   * the click (a pop-up blocker allows nothing later), and pointed at the page once the API answers.
   * Facebook and Instagram cannot take the text, so it goes onto the clipboard first.
   */
  async function publishNow(post: SocialPost, options: PublishOptions): Promise<boolean> {
    const content = options.content ?? post.content;
    const hashtags = options.hashtags ?? post.hashtags;
    let tab: Window | null = null;
    let copiedText: string | null = null;
    let copying: Promise<boolean> | null = null;
    if (!options.connected) {
      if (!shareTarget(post.platform, content, hashtags).prefillsText) {
        copiedText = composePostText(content, hashtags);
        copying = copyText(copiedText);
      }
      tab = window.open('', '_blank');
      if (tab) tab.opener = null;
    }
    try {
      let current = post;
      if (options.prepare) {
        const saved = await options.prepare();
        if (!saved) {
          tab?.close();
          return false;
        }
        current = saved;
      }
      const { share } = await publish.mutateAsync(current.id);
      if (!share) {
        tab?.close();
        toast({ title: t('toast.published') });
        return true;
      }
      let description: string = ACTION_TEXT.prefilled(post.platform);
      if (!share.prefillsText) {
        const copied = copying && copiedText === share.text ? await copying : await copyText(share.text);
        description = copied ? ACTION_TEXT.copied(post.platform) : ACTION_TEXT.copyFailed(post.platform);
      }
      if (tab) tab.location.href = share.url;
      else if (!window.open(share.url, '_blank', 'noopener,noreferrer'))
        description = t('toast.popupBlocked', { description });
      toast({ title: t('toast.sharedOpened'), description });
      return true;
    } catch (error) {
      tab?.close();
      fail(() => t('toast.publishFailed'), error);
      return false;
    }
  }

  return {
    creating: create.isPending,
    updating: update.isPending,
    scheduling: schedule.isPending,
    publishing: publish.isPending,
    refreshing: refresh.isPending,
    /** socialEndpoints.create for the signed-in user: a draft with the AI's text and hashtags. */
    create: (values: { platform: SocialPlatform; topic: string; tone?: SocialTone }) =>
      run(
        () =>
          create.mutateAsync({
            userId: user.id,
            platform: values.platform,
            topic: values.topic,
            tone: values.tone ?? DEFAULT_SOCIAL_TONE,
          }),
        () => ({ title: t('toast.created') }),
        () => t('toast.createFailed'),
      ),
    /** PATCH; `quiet` leaves the success toast to what follows (a save before scheduling or publishing). */
    update: (post: SocialPost, payload: UpdateSocialPostPayload, { quiet = false }: { quiet?: boolean } = {}) =>
      run(
        () => update.mutateAsync({ id: post.id, payload }),
        quiet ? null : () => ({ title: t('toast.updated') }),
        () => t('toast.updateFailed'),
      ),
    schedule: (post: SocialPost, when: Date) =>
      run(
        () => schedule.mutateAsync({ id: post.id, scheduledAt: when.toISOString() }),
        () => ({ title: post.status === 'scheduled' ? t('toast.rescheduled') : t('toast.scheduled') }),
        () => t('toast.scheduleFailed'),
      ),
    unschedule: (post: SocialPost) =>
      run(
        () => unschedule.mutateAsync(post.id),
        () => ({ title: t('toast.unscheduled') }),
        () => t('toast.scheduleFailed'),
      ),
    remove: (post: SocialPost) =>
      run(
        () => remove.mutateAsync(post.id),
        () => ({ title: t('toast.deleted') }),
        () => t('toast.deleteFailed'),
      ),
    publishNow,
    refreshEngagement: () =>
      run(
        () => refresh.mutateAsync(),
        () => ({ title: t('toast.refreshing'), description: t('toast.refreshingHint') }),
        () => t('toast.refreshFailed'),
      ),
    /** Sends the browser to the platform's sign-in; it comes back to /social?connected=… or ?error=…. */
    connect: async (platform: SocialPlatform) => {
      const answer = await run(
        () => connect.mutateAsync(platform),
        null,
        () => t('toast.connectFailed'),
      );
      if (answer && typeof answer === 'object') window.location.assign(answer.authUrl);
    },
    disconnect: (platform: SocialPlatform) =>
      run(
        () => disconnect.mutateAsync(platform),
        () => ({ title: t('toast.disconnected') }),
        () => t('toast.disconnectFailed'),
      ),
  };
}

export type SocialActions = ReturnType<typeof useSocialActions>;

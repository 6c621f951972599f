/** The forms' validation messages (the contracts' English) in the language shown. */
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@aide/contracts';
import type { SocialT } from '../i18n';

/** The image link's message as the preview schema gives it (translated on the way to the screen). */
export const IMAGE_URL_INVALID = 'Image link must be an http(s) address';
/** The schedule dialog's own message when no time is picked. */
export const DATE_REQUIRED = 'Choose a date and time';

/** A message the contracts' schemas give, in the language shown; an unknown one as it is. */
export function localizedError(message: string, t: SocialT): string {
  switch (message) {
    case SOCIAL_MESSAGES.platformRequired:
      return t('error.platformRequired');
    case SOCIAL_MESSAGES.topicRequired:
      return t('error.topicRequired');
    case `Topic must be at most ${SOCIAL_LIMITS.topicMax} characters`:
      return t('error.topicTooLong', { max: SOCIAL_LIMITS.topicMax });
    case 'Topic must not contain NUL characters':
      return t('error.topicInvalid');
    case `At most ${SOCIAL_LIMITS.hashtagsMax} hashtags`:
      return t('error.tooManyHashtags', { max: SOCIAL_LIMITS.hashtagsMax });
    case SOCIAL_MESSAGES.contentRequired:
      return t('error.contentRequired');
    case IMAGE_URL_INVALID:
      return t('error.imageUrlInvalid');
    case DATE_REQUIRED:
      return t('error.dateRequired');
    case SOCIAL_MESSAGES.scheduledInPast:
      return t('error.scheduledInPast');
    case SOCIAL_MESSAGES.scheduledTooFar:
      return t('error.scheduledTooFar', { days: SOCIAL_LIMITS.scheduleMaxDays });
    default:
      return message;
  }
}

/** useFormFields' item props with the message translated. */
export function localizedItem<T extends { help?: string }>(item: T, t: SocialT): T {
  return item.help ? { ...item, help: localizedError(item.help, t) } : item;
}

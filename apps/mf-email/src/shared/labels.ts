import type { EmailCategory, EmailPriority, EmailProvider } from '@aide/contracts';
import { t } from '../i18n';

/** 'Urgent', 'Important', 'Regular' in the language shown now. */
export const priorityLabel = (priority: EmailPriority) => t(`priority.${priority}`);

/** antd Tag colours: red for urgent, orange for important, blue for regular. */
export const PRIORITY_COLORS: Record<EmailPriority, string> = { urgent: 'red', important: 'orange', regular: 'blue' };

/** 'Work', 'Personal', … in the language shown now. */
export const categoryLabel = (category: EmailCategory) => t(`category.${category}`);

export const CATEGORY_COLORS: Record<EmailCategory, string> = {
  work: 'geekblue',
  personal: 'green',
  newsletter: 'purple',
  spam: 'volcano',
  promotion: 'magenta',
  social: 'cyan',
  finance: 'gold',
  travel: 'lime',
  other: 'default',
};

/** Brand and protocol names: the same in every language. */
export const PROVIDER_LABELS: Record<EmailProvider, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo Mail',
  imap: 'IMAP / SMTP',
};

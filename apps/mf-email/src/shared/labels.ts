import type { EmailCategory, EmailPriority, EmailProvider } from '@aide/contracts';

export const PRIORITY_LABELS: Record<EmailPriority, string> = {
  urgent: 'Urgent',
  important: 'Important',
  regular: 'Regular',
};

/** antd Tag colours: red for urgent, orange for important, blue for regular. */
export const PRIORITY_COLORS: Record<EmailPriority, string> = { urgent: 'red', important: 'orange', regular: 'blue' };

export const CATEGORY_LABELS: Record<EmailCategory, string> = {
  work: 'Work',
  personal: 'Personal',
  newsletter: 'Newsletter',
  spam: 'Spam',
  promotion: 'Promotion',
  social: 'Social',
  finance: 'Finance',
  travel: 'Travel',
  other: 'Other',
};

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

export const PROVIDER_LABELS: Record<EmailProvider, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo Mail',
  imap: 'IMAP / SMTP',
};

/** Where each provider's sync left off; not secret, stored as jsonb. */
export interface ProviderState {
  /** CalDAV: the calendar collection's URL, and its ctag at the last full listing. */
  calendarUrl?: string;
  serverUrl?: string;
  ctag?: string | null;
  /** Google: the calendar id ('primary') and events.list's nextSyncToken. */
  calendarId?: string;
  syncToken?: string | null;
  /** Microsoft Graph: the calendarView delta link to resume from. */
  deltaLink?: string | null;
}

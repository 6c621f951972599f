/**
 * The outbox's own words for why a message did not go out (issue 24, scheduled send and undo
 * send), stored as an outgoing message's `error`. The mail server's reasons are its own text; these
 * fixed ones the email screen shows in the reader's language (its outbox catalog).
 */
export const OUTBOX_ERRORS = {
  /** A send was cut off (the app stopped mid-way) and the message is not in the Sent folder. */
  interrupted:
    'Sending was interrupted and the message is not in your Sent folder, so it may not have gone out. Check with the recipients before you send it again.',
  /** The account it was to go out through is gone or cannot be used. */
  accountUnavailable: 'The account this message was to be sent from is no longer available',
} as const;

/** Delays before a message whose mail server could not be reached at all is tried again by itself; then it fails. */
export const OUTBOX_RETRY_DELAYS_SECONDS = [60, 300] as const;

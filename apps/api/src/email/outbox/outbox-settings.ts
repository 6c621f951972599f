import { EMAIL_UNDO_SEND_SECONDS } from '@aide/contracts';

/** How long the outbox waits and when it gives up on a send; a token so tests can shorten them. */
export interface OutboxSettings {
  /** The undo window after Send (the contract's EMAIL_UNDO_SEND_SECONDS). */
  undoSendSeconds: number;
  /**
   * A message still 'sending' this long after it was claimed belongs to a send that died (the
   * process stopped mid-way). Well above the send job's own time limit, so a slow send is never taken for dead.
   */
  staleSendingMs: number;
  /**
   * The sweep leaves a due message to its own job for this long before sending it itself (the
   * job was lost, or the workers were down at its time).
   */
  sweepGraceSeconds: number;
}

export const OUTBOX_SETTINGS = Symbol('OUTBOX_SETTINGS');

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = {
  undoSendSeconds: EMAIL_UNDO_SEND_SECONDS,
  staleSendingMs: 15 * 60_000,
  sweepGraceSeconds: 30,
};

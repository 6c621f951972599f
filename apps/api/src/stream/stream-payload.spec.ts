import type { StreamEvent } from '@aide/contracts';
import { compactEvent, decodeEnvelope, encodeEnvelope, NOTIFY_PAYLOAD_LIMIT } from './stream-payload';

const note = (body: string, title = 'Hello'): StreamEvent => ({
  type: 'notification',
  notification: { id: 1, kind: 'system', title, body, link: null, readAt: null, createdAt: '2026-01-01T00:00:00.000Z' },
  invalidate: ['/api/notifications'],
});

describe('stream payloads', () => {
  it('sends a small event as is, and reads it back', () => {
    const payload = encodeEnvelope(7, note('short'));
    expect(decodeEnvelope(payload)).toEqual({ userId: 7, event: note('short') });
  });

  it('counts bytes, not characters: multi-byte text past the limit is compacted', () => {
    const body = '€'.repeat(3000); // 3 bytes each: 9000 bytes in 3000 characters
    const payload = encodeEnvelope(7, note(body));
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_LIMIT);
    expect(decodeEnvelope(payload)?.event).toMatchObject({
      partial: true,
      notification: { body: null, title: 'Hello' },
    });
  });

  it('cuts a failed job’s long error', () => {
    const event = compactEvent({
      type: 'job.failed',
      jobId: 'j',
      name: 'n',
      entity: null,
      error: 'e'.repeat(10_000),
      invalidate: [],
    });
    expect(event).toMatchObject({ partial: true, error: expect.stringMatching(/^e{499}…$/) });
  });

  it('ignores payloads that are not envelopes', () => {
    for (const payload of [undefined, '', 'not json', '{"userId":"1","event":{"type":"x"}}', '{"userId":1}']) {
      expect(decodeEnvelope(payload)).toBeNull();
    }
  });
});

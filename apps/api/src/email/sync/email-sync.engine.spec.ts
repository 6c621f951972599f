// The fetch step's parsing: a batch's messages are parsed while the rest is read, with at most
// PARSE_BUFFER_BYTES of sources waiting on the parser (a fake IMAP client and parser record the order).
import type { ImapFlow } from 'imapflow';
import { EmailSyncEngine, PARSE_BUFFER_BYTES, type SyncEngineDeps } from './email-sync.engine';
import { type ParsedMessage, parseMessage } from './message-parsing';

jest.mock('./message-parsing', () => ({ parseMessage: jest.fn() }));

const parse = jest.mocked(parseMessage);
let log: string[];
/** Parses still open: each resolves when the test says so. */
let open: Array<() => void>;

beforeEach(() => {
  log = [];
  open = [];
  parse.mockReset();
  parse.mockImplementation(
    (source) =>
      new Promise<ParsedMessage>((resolve) => {
        const uid = source.readUInt8(0);
        open.push(() => {
          log.push(`parsed ${uid}`);
          resolve({ subject: `message ${uid}` } as ParsedMessage);
        });
      }),
  );
});

/** An engine whose client answers FETCH with one message per size, UIDs 1, 2, … */
function engineFetching(sizes: number[]) {
  const client = {
    async *fetch() {
      for (const [i, size] of sizes.entries()) {
        const source = Buffer.alloc(size);
        source.writeUInt8(i + 1, 0);
        log.push(`read ${i + 1}`);
        yield { uid: i + 1, flags: new Set<string>(), internalDate: new Date(), source };
      }
    },
  } as unknown as ImapFlow;
  const engine = new EmailSyncEngine({ client } as unknown as SyncEngineDeps);
  return (
    engine as unknown as { fetchAndParse(uids: number[]): Promise<Array<{ meta: { uid: number } }>> }
  ).fetchAndParse(sizes.map((_, i) => i + 1));
}

/** Finishes the open parses one at a time (oldest first) until the batch is done. */
async function finishParses(done: Promise<unknown>) {
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    await new Promise((resolve) => setImmediate(resolve));
    open.shift()?.();
  }
}

it('reads on while earlier messages are parsed, and answers them in UID order', async () => {
  const batch = engineFetching([500, 500, 500]);
  const result = batch.then((parsed) => parsed.map((item) => item.meta.uid));
  await finishParses(batch);

  // Every message was read before the first parse finished.
  expect(log.slice(0, 3)).toEqual(['read 1', 'read 2', 'read 3']);
  expect(await result).toEqual([1, 2, 3]);
});

it('reads no further while more than PARSE_BUFFER_BYTES of sources wait on the parser', async () => {
  const half = PARSE_BUFFER_BYTES / 2 + 1;
  const batch = engineFetching([half, half, 100]);
  await finishParses(batch);

  // Two halves are over the limit: message 3 is read only once one of them is parsed.
  expect(log.indexOf('read 3')).toBeGreaterThan(log.indexOf('parsed 1'));
  expect(log.indexOf('read 2')).toBeLessThan(log.indexOf('parsed 1'));
});

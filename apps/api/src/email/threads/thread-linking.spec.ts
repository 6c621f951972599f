import { linkThreads, type ThreadMessage } from './thread-linking';
import { normaliseSubject } from './thread-subject';

let nextId = 1;
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
function message(fields: Partial<ThreadMessage>): ThreadMessage {
  return {
    id: nextId++,
    threadId: null,
    messageId: null,
    inReplyTo: null,
    references: [],
    subject: 'Hello',
    from: 'Alice <alice@example.com>',
    to: 'me@example.com',
    cc: null,
    receivedAt: day(1),
    ...fields,
  };
}
/** Each message's thread after linking (its own threadId unless assigned or merged). */
function threadsOf(fresh: ThreadMessage[], known: ThreadMessage[] = []) {
  const links = linkThreads(fresh, known);
  return [...fresh, ...known].map((m) => {
    const thread = links.assign.get(m.id) ?? m.threadId!;
    return links.merge.get(thread) ?? thread;
  });
}

describe('normaliseSubject', () => {
  it('strips reply and forward prefixes of several languages, repeated and counted', () => {
    expect(normaliseSubject('Re: Fwd: AW: WG:  Budget  2027')).toBe('budget 2027');
    expect(normaliseSubject('RE[2]: Budget 2027')).toBe('budget 2027');
    expect(normaliseSubject('回复：Budget 2027')).toBe('budget 2027');
    expect(normaliseSubject('Re(3): re: Budget 2027')).toBe('budget 2027');
    expect(normaliseSubject('Regarding budget')).toBe('regarding budget');
  });
});

describe('linkThreads', () => {
  it('puts a references chain into one thread, whatever order the batch has', () => {
    const first = message({ messageId: '<a@x>' });
    const reply = message({ messageId: '<b@x>', inReplyTo: '<a@x>', references: ['<a@x>'], subject: 'Re: Hello' });
    const replyToReply = message({
      messageId: '<c@x>',
      inReplyTo: '<b@x>',
      references: ['<a@x>', '<b@x>'],
      subject: 'Re: Re: Hello',
    });
    const threads = threadsOf([replyToReply, first, reply]);
    expect(new Set(threads)).toEqual(new Set([first.id]));
  });

  it('joins a new reply to the thread of its stored parent', () => {
    const parent = message({ messageId: '<p@x>', threadId: 42 });
    const reply = message({ messageId: '<r@x>', inReplyTo: '<p@x>', subject: 'Re: Hello' });
    expect(threadsOf([reply], [parent])).toEqual([42, 42]);
  });

  it('merges two threads when a late parent links them', () => {
    const root = message({ messageId: '<a@x>', threadId: 10 });
    // The middle message <b@x> was not there yet: its reply started a thread of its own.
    const grandchild = message({ messageId: '<c@x>', inReplyTo: '<b@x>', subject: 'Re: Hello', threadId: 20 });
    const late = message({ messageId: '<b@x>', inReplyTo: '<a@x>', subject: 'Re: Hello' });
    const links = linkThreads([late], [root, grandchild]);
    expect(links.assign.get(late.id)).toBe(10);
    expect(links.merge).toEqual(new Map([[20, 10]]));
  });

  it('falls back to the subject for a reply whose client dropped the headers', () => {
    const original = message({ messageId: '<a@x>', threadId: 5, subject: 'Hello' });
    const reply = message({
      messageId: '<b@y>',
      subject: 'RE: hello',
      from: 'me@example.com',
      to: 'Alice <alice@example.com>',
      receivedAt: day(3),
    });
    expect(threadsOf([reply], [original])).toEqual([5, 5]);
  });

  it('keeps apart a conversation with the same subject between other people', () => {
    const alice = message({ messageId: '<a@x>', threadId: 5, subject: 'Hello' });
    const bob = message({
      messageId: '<b@y>',
      subject: 'Re: Hello',
      from: 'Bob <bob@example.org>',
      to: 'me@example.com',
    });
    const threads = threadsOf([bob], [alice]);
    expect(threads[0]).toBe(bob.id);
    expect(threads[1]).toBe(5);
  });

  it('keeps apart two unrelated "Hello"s, and a reply by subject older than 30 days', () => {
    const first = message({ messageId: '<a@x>', threadId: 5 });
    const again = message({ messageId: '<b@x>', receivedAt: day(2) });
    expect(threadsOf([again], [first])[0]).toBe(again.id);
    const late = message({ messageId: '<c@x>', subject: 'Re: Hello', receivedAt: new Date(Date.UTC(2027, 0, 15)) });
    expect(threadsOf([late], [first])[0]).toBe(late.id);
  });

  it('does not use the subject for a message that has threading headers', () => {
    const other = message({ messageId: '<a@x>', threadId: 5 });
    const reply = message({ messageId: '<b@x>', inReplyTo: '<unknown@x>', subject: 'Re: Hello' });
    expect(threadsOf([reply], [other])[0]).toBe(reply.id);
  });
});

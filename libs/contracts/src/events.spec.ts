import { createEventSchema, eventRangeSchema, updateEventSchema } from './events';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const valid = { title: 'Standup', startTime: '2026-11-21T09:00:00Z', endTime: '2026-11-21T09:15:00Z' };

describe('createEventSchema', () => {
  it('requires title, start time and end time with the spec messages', () => {
    expect(messages(createEventSchema.safeParse({}))).toEqual([
      'Title is required',
      'Start time is required',
      'End time is required',
    ]);
    expect(messages(createEventSchema.safeParse({ ...valid, title: '  ', startTime: '', endTime: '' }))).toEqual([
      'Title is required',
      'Start time is required',
      'End time is required',
    ]);
  });

  it('defaults the type to meeting and trims text', () => {
    expect(createEventSchema.parse({ ...valid, title: ' Standup ', location: ' Room 1 ' })).toMatchObject({
      title: 'Standup',
      type: 'meeting',
      location: 'Room 1',
    });
  });

  it('refuses an end before the start, a bad date and an unknown type', () => {
    expect(messages(createEventSchema.safeParse({ ...valid, endTime: '2026-11-21T08:59:59Z' }))).toEqual([
      'End time must be after start time',
    ]);
    expect(messages(createEventSchema.safeParse({ ...valid, startTime: 'tomorrow' }))).toEqual([
      'Start time must be a valid date and time',
    ]);
    expect(messages(createEventSchema.safeParse({ ...valid, type: 'party' }))).toEqual([
      'Type must be one of meeting, appointment or reminder',
    ]);
  });
});

describe('updateEventSchema', () => {
  it('accepts any subset and refuses an end before the start when both are sent', () => {
    expect(updateEventSchema.safeParse({ title: 'x' }).success).toBe(true);
    expect(
      messages(updateEventSchema.safeParse({ startTime: '2026-01-02T00:00:00Z', endTime: '2026-01-01T00:00:00Z' })),
    ).toEqual(['End time must be after start time']);
  });
});

describe('eventRangeSchema', () => {
  it('accepts no bounds, one bound or an ordered pair', () => {
    expect(eventRangeSchema.parse({})).toEqual({});
    expect(eventRangeSchema.parse({ from: '2026-01-01T00:00:00Z' })).toEqual({ from: '2026-01-01T00:00:00Z' });
    expect(eventRangeSchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00+01:00' }).success).toBe(
      true,
    );
  });

  it('refuses a bound that is not an instant and a reversed pair', () => {
    expect(messages(eventRangeSchema.safeParse({ from: 'yesterday' }))).toEqual([
      'From must be a valid date and time (ISO 8601 with a zone)',
    ]);
    expect(messages(eventRangeSchema.safeParse({ to: ['a', 'b'] }))).toEqual([
      'To must be a valid date and time (ISO 8601 with a zone)',
    ]);
    expect(messages(eventRangeSchema.safeParse({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }))).toEqual([
      'To must not be before from',
    ]);
  });
});

describe('event metadata', () => {
  it('takes nested key/value pairs and refuses NUL characters and oversized objects', () => {
    expect(
      createEventSchema.safeParse({ ...valid, metadata: { link: 'https://example.com', nested: { a: [1, 2] } } })
        .success,
    ).toBe(true);
    expect(createEventSchema.safeParse({ ...valid, metadata: { path: 'C:\\u0000' } }).success).toBe(true);
    expect(messages(createEventSchema.safeParse({ ...valid, metadata: { note: 'a\u0000b' } }))).toEqual([
      'Metadata must not contain NUL characters',
    ]);
    expect(messages(createEventSchema.safeParse({ ...valid, metadata: { ['k\u0000']: 1 } }))).toEqual([
      'Metadata must not contain NUL characters',
    ]);
    expect(messages(createEventSchema.safeParse({ ...valid, metadata: { big: 'x'.repeat(10_001) } }))).toEqual([
      'Metadata must be at most 10000 characters as JSON',
    ]);
    expect(messages(createEventSchema.safeParse({ ...valid, metadata: [1] }))).toEqual(['Metadata must be an object']);
  });
});

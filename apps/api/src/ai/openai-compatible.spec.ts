import { Logger } from '@nestjs/common';
import { z } from 'zod';
import {
  completion,
  type ReceivedRequest,
  type Reply,
  startFakeChatServer,
} from '../../test/fixtures/ai/fake-chat-server';
import { AiOutputError, AiRequestError } from './ai.errors';
import { ChatClient, type ChatClientConfig, retryAfterMs } from './remote/chat-client';
import { toModelJsonSchema } from './remote/json-schema';
import { OpenAiCompatibleProvider } from './remote/openai-compatible.provider';

const plan = z.object({ title: z.string(), steps: z.array(z.string()).min(1) });
const goodPlan = { title: 'Pack', steps: ['Passport', 'Charger'] };

type Server = Awaited<ReturnType<typeof startFakeChatServer>>;
let server: Server | undefined;
let logs: string[];

beforeEach(() => {
  logs = [];
  jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void logs.push(String(message)));
  jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void logs.push(String(message)));
});
afterEach(async () => {
  jest.restoreAllMocks();
  await server?.stop();
  server = undefined;
});

async function provider(script: ((request: ReceivedRequest) => Reply)[], config: Partial<ChatClientConfig> = {}) {
  server = await startFakeChatServer(script);
  const client = new ChatClient({
    baseUrl: server.baseUrl,
    model: 'test-model',
    timeoutMs: 5000,
    maxRetries: 2,
    retryBaseDelayMs: 20,
    ...config,
  });
  return { ai: new OpenAiCompatibleProvider(client), requests: server.requests };
}
const answer = (content: unknown) => () => completion(typeof content === 'string' ? content : JSON.stringify(content));
const status =
  (code: number, body: unknown = { error: { message: `status ${code}` } }, headers?: Record<string, string>) =>
  () => ({ status: code, body, headers });

describe('OpenAI-compatible provider', () => {
  it('sends model, messages and a json_schema response_format, and returns the validated answer with its method', async () => {
    const { ai, requests } = await provider([answer(goodPlan)]);
    await expect(
      ai.generate('travel.packing', { trip: 'Lisbon' }, plan, { instructions: 'List what to pack.' }),
    ).resolves.toEqual({
      value: goodPlan,
      method: 'openai-compatible:test-model',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body.model).toBe('test-model');
    expect(request.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.body.messages?.[0].content).toContain('Task: travel.packing.');
    expect(request.body.messages?.[0].content).toContain('List what to pack.');
    expect(JSON.parse(request.body.messages?.[1].content ?? '')).toEqual({ trip: 'Lisbon' });
    expect(request.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'travel_packing', strict: true, schema: toModelJsonSchema(plan) },
    });
    expect(logs[0]).toMatch(/^travel\.packing: test-model used 12 prompt \+ 5 completion tokens in \d+ ms$/);
  });

  it('sends the API key as a Bearer token only when one is set', async () => {
    const { ai, requests } = await provider([answer(goodPlan)], { apiKey: 'sk-test' });
    await ai.generate('t', {}, plan, {});
    expect(requests[0].headers.authorization).toBe('Bearer sk-test');
  });

  it('repairs an answer wrapped in prose and a fenced block without asking again', async () => {
    const { ai, requests } = await provider([
      answer(`Sure! Here you go:\n\`\`\`json\n${JSON.stringify(goodPlan)}\n\`\`\`\nEnjoy your trip.`),
    ]);
    expect((await ai.generate('t', {}, plan, {})).value).toEqual(goodPlan);
    expect(requests).toHaveLength(1);
  });

  it("asks again with the schema's complaints when an answer is malformed, then succeeds", async () => {
    const { ai, requests } = await provider([
      answer('I would pack a passport.'),
      answer({ title: 'Pack', steps: [] }),
      answer(goodPlan),
    ]);
    expect((await ai.generate('t', {}, plan, {})).value).toEqual(goodPlan);
    expect(requests).toHaveLength(3);
    const retry = requests[1].body.messages ?? [];
    expect(retry.slice(-2)).toEqual([
      { role: 'assistant', content: 'I would pack a passport.' },
      { role: 'user', content: expect.stringContaining('the answer is not JSON') },
    ]);
    expect(requests[2].body.messages?.at(-1)?.content).toContain('steps:');
  });

  it('fails with AiOutputError after a bounded number of malformed answers', async () => {
    const { ai, requests } = await provider([answer({ title: 42 })]);
    const failure = ai.generate('travel.packing', {}, plan, { outputRetries: 1 });
    await expect(failure).rejects.toBeInstanceOf(AiOutputError);
    await expect(failure).rejects.toThrow(
      'The AI answer for "travel.packing" did not match the expected shape: title:',
    );
    expect(requests).toHaveLength(2);
  });

  it('waits for Retry-After after a 429, then succeeds', async () => {
    const { ai, requests } = await provider([
      status(429, { error: { message: 'Rate limit reached' } }, { 'retry-after': '1' }),
      answer(goodPlan),
    ]);
    expect((await ai.generate('t', {}, plan, {})).value).toEqual(goodPlan);
    expect(requests).toHaveLength(2);
    expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(950);
    expect(logs.some((l) => l.includes('answered 429: Rate limit reached; retry 1/2'))).toBe(true);
  });

  it('retries a 5xx with backoff, then succeeds', async () => {
    const { ai, requests } = await provider([status(503), status(500), answer(goodPlan)]);
    expect((await ai.generate('t', {}, plan, {})).value).toEqual(goodPlan);
    expect(requests).toHaveLength(3);
  });

  it('gives up after AI_MAX_RETRIES retries', async () => {
    const { ai, requests } = await provider([status(502, 'Bad gateway')], { maxRetries: 1 });
    await expect(ai.generate('t', {}, plan, {})).rejects.toMatchObject({
      name: 'AiRequestError',
      failure: 'http',
      status: 502,
      message: 'the model server answered 502: Bad gateway',
    });
    expect(requests).toHaveLength(2);
  });

  it('does not retry a 400 that is not about response_format', async () => {
    const { ai, requests } = await provider([
      status(400, { error: { message: "'messages' must contain at least one message" } }),
      answer(goodPlan),
    ]);
    const failure = ai.generate('t', {}, plan, {});
    await expect(failure).rejects.toBeInstanceOf(AiRequestError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: "the model server answered 400: 'messages' must contain at least one message",
    });
    expect(requests).toHaveLength(1);
  });

  it('ends a call the server never answers with a timeout error within AI_TIMEOUT_MS', async () => {
    const { ai, requests } = await provider([() => undefined], { timeoutMs: 300 });
    const started = Date.now();
    const failure = ai.generate('t', {}, plan, {});
    await expect(failure).rejects.toMatchObject({
      name: 'AiRequestError',
      failure: 'timeout',
      message: 'the model server did not answer within 300 ms (AI_TIMEOUT_MS)',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(requests).toHaveLength(1);
  });

  it('retries network errors, then reports the server as unreachable', async () => {
    const { ai } = await provider([answer(goodPlan)], { maxRetries: 1 });
    const { baseUrl } = server!;
    await server!.stop();
    server = undefined;
    await expect(ai.generate('t', {}, plan, {})).rejects.toMatchObject({
      failure: 'network',
      message: expect.stringContaining(`could not be reached at ${baseUrl}`),
    });
    expect(logs.some((l) => l.includes('retry 1/1'))).toBe(true);
  });

  it('falls back to json_object, then to the schema in the prompt, when the server rejects response_format; and remembers it', async () => {
    const rejectFormats = (request: ReceivedRequest): Reply =>
      request.body.response_format
        ? {
            status: 400,
            body: {
              error: {
                message: `Invalid parameter: 'response_format' of type '${request.body.response_format.type}' is not supported with this model.`,
              },
            },
          }
        : completion(JSON.stringify(goodPlan));
    const { ai, requests } = await provider([rejectFormats]);
    expect((await ai.generate('t', {}, plan, {})).value).toEqual(goodPlan);
    expect(requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'json_object', 'none']);
    expect(requests[2].body.messages?.[0].content).toContain('"required":["title","steps"]');
    expect(ai.formatMode).toBe('prompt');

    await ai.generate('t', {}, plan, {});
    expect(requests).toHaveLength(4);
    expect(requests[3].body.response_format).toBeUndefined();
  });

  it('sends strict: false for schemas OpenAI strict mode refuses (optional fields)', async () => {
    const { ai, requests } = await provider([answer({ title: 'x' })]);
    await ai.generate('t', {}, z.object({ title: z.string(), note: z.string().optional() }), {});
    expect(requests[0].body.response_format?.json_schema?.strict).toBe(false);
  });

  it('summarises, extracts keywords and classifies through validated model answers', async () => {
    const { ai, requests } = await provider([
      answer({ sentences: ['All men are created equal.', 'Governments derive their powers from the governed.'] }),
      answer({
        keywords: [
          { term: 'liberty', score: 0.7 },
          { term: 'government', score: 0.9 },
        ],
      }),
      answer({ label: 'history', confidence: 0.8 }),
      answer({ label: 'not-a-label', confidence: 0.9 }),
      answer({ label: 'sport', confidence: 0.6 }),
    ]);
    expect(await ai.summarize('…', { maxSentences: 2 })).toEqual({
      summary: 'All men are created equal. Governments derive their powers from the governed.',
      sentences: ['All men are created equal.', 'Governments derive their powers from the governed.'],
      method: 'openai-compatible:test-model',
    });
    expect(await ai.keywords('…', { limit: 5 })).toEqual({
      keywords: [
        { term: 'government', score: 0.9 },
        { term: 'liberty', score: 0.7 },
      ],
      method: 'openai-compatible:test-model',
    });
    expect(await ai.classify('…', ['history', 'sport'])).toEqual({
      label: 'history',
      confidence: 0.8,
      method: 'openai-compatible:test-model',
    });
    // A label outside the list is rejected by the schema and asked again.
    expect((await ai.classify('…', { history: ['war'], sport: ['match'] })).label).toBe('sport');
    expect(requests).toHaveLength(5);
    expect(requests[0].body.messages?.[0].content).toContain('at most 2 sentences');
  });

  it('rejects a model summary longer than maxWords and asks again', async () => {
    const { ai, requests } = await provider([
      answer({ sentences: ['one two three four five six'] }),
      answer({ sentences: ['one two three'] }),
    ]);
    expect((await ai.summarize('…', { maxWords: 4 })).summary).toBe('one two three');
    expect(requests).toHaveLength(2);
    expect(requests[1].body.messages?.at(-1)?.content).toContain('at most 4 words');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, an HTTP date and retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '150', 'retry-after': '2' }), now)).toBe(150);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});

import { BadGatewayException, GatewayTimeoutException, Logger, NotImplementedException } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { completion, startFakeChatServer } from '../../test/fixtures/ai/fake-chat-server';
import { parseEnv } from '../config/env.schema';
import { createAiProvider } from './ai-provider.factory';
import { AiNoTemplateError, AiOutputError, AiRequestError, toAiHttpException } from './ai.errors';
import { AiModule } from './ai.module';
import { AiService } from './ai.service';
import { OfflineTemplates } from './offline/templates';

/** AiService as the app builds it, from these environment variables. */
async function aiServiceFor(variables: Record<string, string>): Promise<AiService> {
  const env = parseEnv(variables);
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot({
        isGlobal: true,
        ignoreEnvFile: true,
        ignoreEnvVars: true,
        skipProcessEnv: true,
        load: [() => env],
      }),
      AiModule,
    ],
  }).compile();
  return moduleRef.get(AiService);
}

const reminder = z.object({ title: z.string(), minutesBefore: z.number().int().min(0) });

beforeEach(() => {
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('AiService', () => {
  it('uses the offline engine when AI_BASE_URL is unset', async () => {
    const ai = await aiServiceFor({});
    expect(ai.providerName).toBe('offline');
    expect(
      (await ai.summarize('The cat sat. The dog ran. The bird flew. The fish swam.', { maxSentences: 1 })).method,
    ).toBe('offline:textrank');
    expect((await ai.keywords('Paris trip: museums, Paris cafes and museums.')).method).toBe('offline:key-phrases');
    expect(
      await ai.classify('Book the flight and the hotel', { travel: ['flight', 'hotel'], money: ['invoice'] }),
    ).toEqual({
      label: 'travel',
      confidence: 1,
      method: 'offline:keyword-overlap',
    });

    ai.registerTemplate('tasks.reminder', (input) => ({
      title: `Reminder: ${(input as { title: string }).title}`,
      minutesBefore: 15,
    }));
    await expect(ai.generate('tasks.reminder', { title: 'Dentist' }, reminder)).resolves.toEqual({
      title: 'Reminder: Dentist',
      minutesBefore: 15,
    });
    await expect(ai.generateWithMethod('tasks.reminder', { title: 'Dentist' }, reminder)).resolves.toMatchObject({
      method: 'offline:template:tasks.reminder',
    });
    await expect(ai.generate('travel.itinerary', {}, reminder)).rejects.toThrow(
      'No offline template for task travel.itinerary; configure AI_BASE_URL to use a model',
    );
  });

  it('uses the OpenAI-compatible server when AI_BASE_URL is set, with the configured model and key', async () => {
    const server = await startFakeChatServer([
      () => completion(JSON.stringify({ title: 'Dentist', minutesBefore: 30 })),
    ]);
    try {
      const ai = await aiServiceFor({
        AI_BASE_URL: `${server.baseUrl}/`,
        AI_MODEL: 'llama3.1',
        AI_API_KEY: 'sk-local',
        AI_TIMEOUT_MS: '2000',
      });
      expect(ai.providerName).toBe('openai-compatible');
      await expect(ai.generateWithMethod('tasks.reminder', 'Dentist at 3pm', reminder)).resolves.toEqual({
        value: { title: 'Dentist', minutesBefore: 30 },
        method: 'openai-compatible:llama3.1',
      });
      expect(server.requests[0]).toMatchObject({
        url: '/v1/chat/completions',
        headers: { authorization: 'Bearer sk-local' },
        body: { model: 'llama3.1' },
      });
    } finally {
      await server.stop();
    }
  });

  it('refuses AI_BASE_URL without AI_MODEL at start', () => {
    expect(() =>
      createAiProvider(parseEnv({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' }), new OfflineTemplates()),
    ).toThrow('AI_MODEL is required when AI_BASE_URL is set');
  });
});

describe('toAiHttpException', () => {
  it('turns AI failures into readable 502/504/501 answers and leaves other errors alone', () => {
    expect(toAiHttpException(new AiOutputError('t', ['x: Required'], '{}'))).toBeInstanceOf(BadGatewayException);
    expect(toAiHttpException(new AiRequestError('slow', 'timeout'))).toBeInstanceOf(GatewayTimeoutException);
    const unreachable = toAiHttpException(new AiRequestError('connection refused', 'network')) as BadGatewayException;
    expect(unreachable.message).toBe('The AI model could not be reached: connection refused');
    expect(toAiHttpException(new AiNoTemplateError('x'))).toBeInstanceOf(NotImplementedException);
    const other = new Error('other');
    expect(toAiHttpException(other)).toBe(other);
  });
});

// What the email events' emitters rely on, with the real event emitter module: emitAsync waits for
// the @OnEvent listeners (the push is queued before the PATCH answers; the auto-responder has run
// before the sync goes on), and a listener that throws is logged, not thrown at the emitter.
import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import { EMAIL_SERVER_CHANGE_PENDING, EmailServerChangePendingEvent } from './email-server-change-pending.event';

const change = new EmailServerChangePendingEvent(1, 2, 3, 'INBOX', '9', '77', { isRead: true });

@Injectable()
class SlowListener {
  readonly heard: EmailServerChangePendingEvent[] = [];

  @OnEvent(EMAIL_SERVER_CHANGE_PENDING, { async: true, promisify: true })
  async serverChangePending(event: EmailServerChangePendingEvent): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.heard.push(event);
  }
}

@Injectable()
class FailingListener {
  @OnEvent(EMAIL_SERVER_CHANGE_PENDING, { async: true, promisify: true })
  async serverChangePending(): Promise<void> {
    throw new Error('the job queue is down');
  }
}

describe('email events', () => {
  it('are heard before emitAsync settles, and a failing listener is logged without failing the emitter', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const app = await Test.createTestingModule({
      imports: [EventEmitterModule.forRoot()],
      providers: [SlowListener, FailingListener],
    }).compile();
    await app.init();
    try {
      await expect(app.get(EventEmitter2).emitAsync(EMAIL_SERVER_CHANGE_PENDING, change)).resolves.toBeDefined();
      expect(app.get(SlowListener).heard).toEqual([change]);
      expect(logged).toHaveBeenCalledWith('the job queue is down', expect.stringContaining('FailingListener'));
    } finally {
      logged.mockRestore();
      await app.close();
    }
  });
});

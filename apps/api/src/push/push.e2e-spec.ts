import type { PushMessage } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startWebPushEndpoint, type WebPushEndpoint } from '../../test/web-push-endpoint';
import { PushService } from './push.service';

let t: TestApp;
let db: DataSource;
let push: PushService;
let pushService: WebPushEndpoint;

beforeAll(async () => {
  // The local push service listens on 127.0.0.1, which the outbound policy must be allowed to reach.
  t = await createTestApp({ env: LOOPBACK_SERVERS_ENV });
  db = t.app.get(DataSource);
  push = t.app.get(PushService);
  pushService = await startWebPushEndpoint();
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

const newUser = async () => {
  const signedUp = await signUp(request.agent(t.http));
  return { agent: signedUp.agent, id: signedUp.user.id };
};
const subscriptionsOf = async (userId: number): Promise<{ endpoint: string }[]> =>
  db.query(`SELECT endpoint FROM push_subscriptions WHERE "userId" = $1 ORDER BY id`, [userId]);
const subscribe = (agent: Agent, body: object) => agent.post('/api/push/subscriptions').send(body);

const message: PushMessage = { title: 'Team sync starts in 10 minutes', body: 'Room 4', link: '/calendar', tag: 't' };

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key, an uncompressed P-256 point, the same on every call', async () => {
    const { agent } = await newUser();
    const first = (await agent.get('/api/push/public-key').expect(200)).body as { publicKey: string };
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4);
    expect((await agent.get('/api/push/public-key').expect(200)).body).toEqual(first);
  });

  it('is for signed-in users', async () => {
    await request(t.http).get('/api/push/public-key').expect(401);
    await request(t.http).post('/api/push/subscriptions').send(pushService.subscribe().json).expect(401);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('keeps a subscription once per endpoint and forgets it', async () => {
    const ada = await newUser();
    const { json } = pushService.subscribe();
    await subscribe(ada.agent, json)
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36')
      .expect(204);
    await subscribe(ada.agent, json).expect(204);
    expect(await subscriptionsOf(ada.id)).toEqual([{ endpoint: json.endpoint }]);
    const [row] = await db.query(`SELECT "userAgent" FROM push_subscriptions WHERE endpoint = $1`, [json.endpoint]);
    expect(row.userAgent).toBe(null); // the second POST came without a User-Agent

    // Another user signing in on the same browser takes the subscription over.
    const bob = await newUser();
    await subscribe(bob.agent, json).expect(204);
    expect(await subscriptionsOf(ada.id)).toEqual([]);
    expect(await subscriptionsOf(bob.id)).toEqual([{ endpoint: json.endpoint }]);

    // Ada cannot remove Bob's; Bob can.
    await ada.agent.delete('/api/push/subscriptions').query({ endpoint: json.endpoint }).expect(204);
    expect(await subscriptionsOf(bob.id)).toHaveLength(1);
    await bob.agent.delete('/api/push/subscriptions').query({ endpoint: json.endpoint }).expect(204);
    expect(await subscriptionsOf(bob.id)).toEqual([]);
  });

  it('refuses what is not a push subscription, with a readable message', async () => {
    const { agent } = await newUser();
    const { json } = pushService.subscribe();
    const refuse = async (body: object) => (await subscribe(agent, body).expect(400)).body.message as string;
    expect(await refuse({ ...json, endpoint: 'ftp://push.example.com/x' })).toBe(
      'Push endpoint must be an https:// URL',
    );
    // http:// only for a push service on this machine that the outbound policy allows.
    expect(await refuse({ ...json, endpoint: 'http://push.example.com/x' })).toBe(
      'Push endpoint must be an https:// URL',
    );
    expect(await refuse({ ...json, keys: { p256dh: 'not base64url!', auth: json.keys.auth } })).toBe(
      'Push subscription keys are not valid',
    );
    expect(await refuse({ endpoint: json.endpoint })).toBe('Push subscription keys are not valid');
    expect(await refuse({})).toBe('Push endpoint is required; Push subscription keys are not valid');
    await agent.delete('/api/push/subscriptions').expect(400);
  });

  it('keeps an https:// endpoint without contacting it', async () => {
    const ada = await newUser();
    const { json } = pushService.subscribe();
    await subscribe(ada.agent, { ...json, endpoint: 'https://push.example.invalid/wp/abc' }).expect(204);
    expect(await subscriptionsOf(ada.id)).toEqual([{ endpoint: 'https://push.example.invalid/wp/abc' }]);
  });
});

describe('PushService.sendToUser', () => {
  it("sends one message to each of the user's browsers, signed with VAPID and encrypted for each (RFC 8291)", async () => {
    const ada = await newUser();
    const laptop = pushService.subscribe();
    const phone = pushService.subscribe();
    await subscribe(ada.agent, laptop.json).expect(204);
    await subscribe(ada.agent, phone.json).expect(204);
    const { publicKey } = (await ada.agent.get('/api/push/public-key').expect(200)).body as { publicKey: string };

    expect(await push.sendToUser(ada.id, message)).toBe(2);

    const got = pushService.received.filter((r) => [laptop.id, phone.id].includes(r.subscriptionId));
    expect(got.map((r) => r.subscriptionId).sort()).toEqual([laptop.id, phone.id].sort());
    for (const r of got) {
      expect(JSON.parse(r.text)).toEqual(message);
      expect(r.vapidKey).toBe(publicKey);
      expect(r.claims.aud).toBe(pushService.origin);
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    }
    expect(pushService.refused).toEqual([]);
  });

  it('removes a subscription its push service calls gone (410) or unknown (404)', async () => {
    const ada = await newUser();
    const gone = pushService.subscribe();
    const kept = pushService.subscribe();
    await subscribe(ada.agent, gone.json).expect(204);
    await subscribe(ada.agent, kept.json).expect(204);
    pushService.answer(gone.id, 410);

    expect(await push.sendToUser(ada.id, message)).toBe(1);
    expect(await subscriptionsOf(ada.id)).toEqual([{ endpoint: kept.json.endpoint }]);

    pushService.answer(kept.id, 404);
    expect(await push.sendToUser(ada.id, message)).toBe(0);
    expect(await subscriptionsOf(ada.id)).toEqual([]);
  });

  it('keeps a subscription whose push service fails for a while (500), and sends nothing to a user without one', async () => {
    const ada = await newUser();
    const flaky = pushService.subscribe();
    await subscribe(ada.agent, flaky.json).expect(204);
    pushService.answer(flaky.id, 500);
    expect(await push.sendToUser(ada.id, message)).toBe(0);
    expect(await subscriptionsOf(ada.id)).toHaveLength(1);

    const bob = await newUser();
    expect(await push.sendToUser(bob.id, message)).toBe(0);
  });

  it('deletes the subscriptions with their user', async () => {
    const ada = await newUser();
    await subscribe(ada.agent, pushService.subscribe().json).expect(204);
    await db.query(`DELETE FROM users WHERE id = $1`, [ada.id]);
    expect(await subscriptionsOf(ada.id)).toEqual([]);
  });
});

import { type NotificationList, NOTIFICATIONS_PAGE_SIZE } from '@aide/contracts';
import request from 'supertest';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsService } from './notifications.service';

let t: TestApp;
let notifications: NotificationsService;

beforeAll(async () => {
  t = await createTestApp();
  notifications = t.app.get(NotificationsService);
});
afterAll(() => t.close());

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};
const list = async (agent: Agent): Promise<NotificationList> =>
  (await agent.get('/api/notifications').expect(200)).body;

describe('GET /api/notifications', () => {
  it('answers an empty list for a new user', async () => {
    const { agent } = await newUser();
    expect(await list(agent)).toEqual({ items: [], unreadCount: 0 });
  });

  it("lists the user's notifications newest first, in the contract's shape", async () => {
    const { agent, id } = await newUser();
    await notifications.notify(id, { kind: 'system', module: null, title: 'Welcome to Aide' });
    await notifications.notify(id, {
      kind: 'task_due',
      module: null,
      title: 'Task due soon: Report',
      body: 'Due at 17:00',
      link: '/tasks',
      sourceKey: 'task:1:x',
    });
    const { items, unreadCount } = await list(agent);
    expect(unreadCount).toBe(2);
    expect(items).toEqual([
      {
        id: expect.any(Number),
        kind: 'task_due',
        title: 'Task due soon: Report',
        body: 'Due at 17:00',
        link: '/tasks',
        readAt: null,
        createdAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        kind: 'system',
        title: 'Welcome to Aide',
        body: null,
        link: null,
        readAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(new Date(items[0].createdAt).toISOString()).toBe(items[0].createdAt);
  });

  it(`lists at most ${NOTIFICATIONS_PAGE_SIZE} but counts every unread one`, async () => {
    const { agent, id } = await newUser();
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 3; i++)
      await notifications.notify(id, { kind: 'system', module: null, title: `Note ${i}` });
    const { items, unreadCount } = await list(agent);
    expect(items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(items[0].title).toBe(`Note ${NOTIFICATIONS_PAGE_SIZE + 2}`);
    expect(unreadCount).toBe(NOTIFICATIONS_PAGE_SIZE + 3);
  });

  it("never shows another user's notifications", async () => {
    const ada = await newUser();
    const bob = await newUser();
    await notifications.notify(bob.id, { kind: 'system', module: null, title: "Bob's news" });
    expect(await list(ada.agent)).toEqual({ items: [], unreadCount: 0 });
    expect((await list(bob.agent)).items.map((n) => n.title)).toEqual(["Bob's news"]);
  });
});

describe('NotificationsService.notify', () => {
  it('notifies once per user, kind and sourceKey, however often a producer runs', async () => {
    const ada = await newUser();
    const bob = await newUser();
    expect(
      await notifications.notify(ada.id, { kind: 'task_due', module: null, title: 'Due', sourceKey: 'task:9:t' }),
    ).toBe(true);
    expect(
      await notifications.notify(ada.id, { kind: 'task_due', module: null, title: 'Due again', sourceKey: 'task:9:t' }),
    ).toBe(false);
    // Another user, kind or key is another notification; without a key there is no de-duplication.
    expect(
      await notifications.notify(bob.id, { kind: 'task_due', module: null, title: 'Due', sourceKey: 'task:9:t' }),
    ).toBe(true);
    expect(
      await notifications.notify(ada.id, {
        kind: 'event_reminder',
        module: null,
        title: 'Soon',
        sourceKey: 'task:9:t',
      }),
    ).toBe(true);
    expect(await notifications.notify(ada.id, { kind: 'system', module: null, title: 'Hi' })).toBe(true);
    expect(await notifications.notify(ada.id, { kind: 'system', module: null, title: 'Hi' })).toBe(true);
    expect((await list(ada.agent)).items.map((n) => n.title)).toEqual(['Hi', 'Hi', 'Soon', 'Due']);
  });

  it('cuts text longer than its column instead of failing', async () => {
    const { agent, id } = await newUser();
    await notifications.notify(id, {
      kind: 'system',
      module: null,
      title: 't'.repeat(1000),
      body: 'b'.repeat(5000),
      link: `/${'l'.repeat(1000)}`,
    });
    const [item] = (await list(agent)).items;
    expect([item.title.length, item.body!.length, item.link!.length]).toEqual([300, 2000, 500]);
  });
});

describe('marking read', () => {
  it('PATCH /api/notifications/:id/read marks one read (204) and keeps its first readAt', async () => {
    const { agent, id } = await newUser();
    await notifications.notify(id, { kind: 'system', module: null, title: 'One' });
    await notifications.notify(id, { kind: 'system', module: null, title: 'Two' });
    const [two, one] = (await list(agent)).items;
    await agent.patch(`/api/notifications/${one.id}/read`).expect(204, '');
    const after = await list(agent);
    expect(after.unreadCount).toBe(1);
    const readAt = after.items.find((n) => n.id === one.id)!.readAt;
    expect(readAt).toEqual(expect.any(String));
    expect(after.items.find((n) => n.id === two.id)!.readAt).toBeNull();

    await agent.patch(`/api/notifications/${one.id}/read`).expect(204);
    expect((await list(agent)).items.find((n) => n.id === one.id)!.readAt).toBe(readAt);
  });

  it("POST /api/notifications/read-all marks all of the user's read (204), and no one else's", async () => {
    const ada = await newUser();
    const bob = await newUser();
    for (const title of ['A', 'B', 'C']) await notifications.notify(ada.id, { kind: 'system', module: null, title });
    await notifications.notify(bob.id, { kind: 'system', module: null, title: 'Bob' });
    await ada.agent.post('/api/notifications/read-all').expect(204, '');
    const { items, unreadCount } = await list(ada.agent);
    expect(unreadCount).toBe(0);
    expect(items.every((n) => n.readAt !== null)).toBe(true);
    expect((await list(bob.agent)).unreadCount).toBe(1);
    // Nothing left to mark is still a success.
    await ada.agent.post('/api/notifications/read-all').expect(204);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const ada = await newUser();
    const bob = await newUser();
    await notifications.notify(bob.id, { kind: 'system', module: null, title: 'Private' });
    const [bobs] = (await list(bob.agent)).items;
    expect((await ada.agent.patch(`/api/notifications/${bobs.id}/read`).expect(404)).body).toEqual({
      message: 'Notification not found',
    });
    expect((await ada.agent.patch('/api/notifications/2147483647/read').expect(404)).body).toEqual({
      message: 'Notification not found',
    });
    expect((await list(bob.agent)).items[0].readAt).toBeNull();
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648'])('answers 400 for the notification id "%s"', async (badId) => {
    const { agent } = await newUser();
    const response = await agent.patch(`/api/notifications/${badId}/read`).expect(400);
    expect(response.body).toEqual({ message: 'Notification id must be a positive whole number' });
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['PATCH', '/api/notifications/1/read'],
    ['POST', '/api/notifications/read-all'],
  ])('%s %s answers 401 Unauthorized', async (method, path) => {
    const response = await request(t.http)[method.toLowerCase() as 'get'](path);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });
});

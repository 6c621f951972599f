// The data a release's users would have made, written through that release's own HTTP API. What
// the API cannot make without outside services (mail and calendar accounts, social accounts, two
// factor, sessions of other devices…) is added by seed-through-sql.mjs afterwards.
import { createECDH, randomBytes } from 'node:crypto';

/** The people in the dump; the upgrade test signs in as them. */
export const PEOPLE = [
  { email: 'alice@example.com', password: 'correct horse battery staple', firstName: 'Alice', lastName: 'Archer' },
  { email: 'bob@example.com', password: 'battery staple horse correct', firstName: 'Bob', lastName: 'Baker' },
];

export class Client {
  constructor(base) {
    this.base = base;
    this.cookie = '';
  }

  async call(method, path, body, headers = {}) {
    const init = { method, headers: { ...headers }, redirect: 'manual' };
    if (this.cookie) init.headers.cookie = this.cookie;
    if (body instanceof FormData) init.body = body;
    else if (typeof body === 'string') init.body = body;
    else if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(this.base + path, init);
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
}

const day = 24 * 60 * 60 * 1000;
const dateOnly = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Writes every person's data; returns what the SQL step needs (ids). */
export async function seedThroughApi(base) {
  const now = Date.now();
  const ids = { users: [] };
  for (const [index, person] of PEOPLE.entries()) {
    const api = new Client(base);
    const { user } = await api.call('POST', '/api/auth/register', person).then((r) => ({ user: r.user ?? r }));
    ids.users.push(user.id);
    // PATCH takes the profile's editable fields: GET's answer without the address and the picture.
    const profile = await api.call('GET', '/api/profile');
    delete profile.email;
    delete profile.profileImageUrl;
    await api.call('PATCH', '/api/profile', {
      ...profile,
      firstName: person.firstName,
      lastName: person.lastName,
      bio: `${person.firstName} keeps the house plants alive.`,
      location: 'Lisbon',
      timezone: 'Europe/London',
    });
    await api.call('POST', '/api/tasks', { title: `${person.firstName}'s first task`, priority: 'high' });
    await api.call('POST', '/api/tasks', {
      title: 'Water the plants',
      description: 'Every Monday',
      dueDate: new Date(now + 3 * day).toISOString(),
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      reminderMinutes: 30,
      category: 'Home',
    });
    await api.call('POST', '/api/events', {
      title: 'Dentist',
      type: 'appointment',
      startTime: new Date(now + 2 * day).toISOString(),
      endTime: new Date(now + 2 * day + 3600_000).toISOString(),
      location: 'High Street 4',
    });
    await api.call('POST', '/api/events', {
      title: 'Team sync',
      startTime: new Date(now + day).toISOString(),
      endTime: new Date(now + day + 1800_000).toISOString(),
      recurrence: 'FREQ=WEEKLY;COUNT=10',
      timezone: 'Europe/Berlin',
    });
    await api.call('GET', '/api/calendar/feed');
    const folder = await api.call('POST', '/api/document-folders', { name: 'Contracts' });
    const files = new FormData();
    files.append(
      'files',
      new Blob([`Lease agreement of ${person.firstName} ${person.lastName}: rent 950 EUR a month.\n`], {
        type: 'text/plain',
      }),
      'lease.txt',
    );
    const uploaded = await api.call('POST', '/api/documents', files);
    const documentId = (uploaded.documents ?? uploaded)[0].id;
    await api.call('PATCH', `/api/documents/${documentId}/move`, { folderId: folder.id });
    await api.call('POST', '/api/travel/create', {
      destination: 'Lisbon',
      startDate: dateOnly(now + 30 * day),
      endDate: dateOnly(now + 34 * day),
    });
    await api.call('POST', '/api/research/start', { topic: 'Heat pumps for old houses' });
    await api.call('POST', '/api/social/create', { platform: 'linkedin', topic: 'Our spring sale' });
    const site = await api.call('POST', '/api/websites', {
      url: `https://shop${index}.example/`,
      name: `${person.firstName}'s shop`,
      platform: 'custom',
    });
    await api.call('POST', `/api/websites/${site.id}/goals`, { kind: 'page', match: '/thanks' });
    await api.call('POST', `/api/websites/${site.id}/goals`, { kind: 'event', match: 'signup' });
    await api.call('POST', `/api/websites/${site.id}/blog`, {
      topic: 'Spring planting',
      keywords: ['spring', 'garden'],
    });
    for (let visitor = 1; visitor <= 3; visitor++) {
      const headers = {
        'content-type': 'text/plain;charset=UTF-8',
        'x-forwarded-for': `203.0.113.${index * 10 + visitor}`,
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      };
      const collect = (event) =>
        new Client(base).call('POST', '/api/collect', JSON.stringify({ siteKey: site.siteKey, ...event }), headers);
      await collect({
        url: `https://shop${index}.example/blog/spring?utm_source=newsletter&utm_campaign=spring`,
        referrer: 'https://news.example/',
      });
      await collect({ url: `https://shop${index}.example/thanks` });
      await collect({ type: 'event', name: 'signup', url: `https://shop${index}.example/thanks` });
      await collect({ type: 'engagement', url: `https://shop${index}.example/thanks`, engagedMs: 12_000 });
    }
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    await api.call('POST', '/api/push/subscriptions', {
      endpoint: `https://push.example.net/send/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    await api.call('POST', '/api/emails/sender-rules', { sender: 'news@shop.example', kind: 'archive' });
  }
  return ids;
}

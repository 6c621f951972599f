import request from 'supertest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('GET /api/modules', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const response = await request(t.http).get('/api/modules').expect(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });

  it('lists the registered modules with their routes and the manifests served by the API', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const response = await agent.get('/api/modules').expect(200);
    expect(response.body).toEqual([
      {
        id: 'organiser',
        title: 'Organiser',
        routes: ['/', '/tasks', '/calendar'],
        manifestUrl: '/remotes/organiser/mf-manifest.json',
      },
      {
        id: 'email',
        title: 'Email Manager',
        routes: ['/email', '/email-test'],
        manifestUrl: '/remotes/email/mf-manifest.json',
      },
      {
        id: 'documents',
        title: 'Documents',
        routes: ['/documents'],
        manifestUrl: '/remotes/documents/mf-manifest.json',
      },
      {
        id: 'research',
        title: 'Research Hub',
        routes: ['/research'],
        manifestUrl: '/remotes/research/mf-manifest.json',
      },
      { id: 'social', title: 'Social Media', routes: ['/social'], manifestUrl: '/remotes/social/mf-manifest.json' },
      { id: 'travel', title: 'Travel Planner', routes: ['/travel'], manifestUrl: '/remotes/travel/mf-manifest.json' },
      {
        id: 'website',
        title: 'Website Manager',
        routes: ['/website'],
        manifestUrl: '/remotes/website/mf-manifest.json',
      },
    ]);
  });
});

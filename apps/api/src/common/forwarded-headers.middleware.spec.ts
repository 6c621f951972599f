import express from 'express';
import request from 'supertest';
import { BEHIND_PROXY_WARNING, forwardedHeadersWarning } from './forwarded-headers.middleware';

const appWarningTo = (warnings: string[]) =>
  express()
    .use(forwardedHeadersWarning({ warn: (line: string) => warnings.push(line) } as never))
    .get('/api/health', (_req, res) => {
      res.status(200).json({ ok: true });
    });

describe('forwardedHeadersWarning', () => {
  it('warns once, at the first request with X-Forwarded-For or X-Forwarded-Proto, and still answers every request', async () => {
    const warnings: string[] = [];
    const app = appWarningTo(warnings);
    await request(app).get('/api/health').expect(200);
    expect(warnings).toEqual([]);

    await request(app).get('/api/health').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(app).get('/api/health').set('X-Forwarded-Proto', 'https').expect(200);
    await request(app).get('/api/health').set('X-Forwarded-For', '203.0.113.8').expect(200);
    expect(warnings).toEqual([BEHIND_PROXY_WARNING]);
    expect(warnings[0]).toContain('TRUST_PROXY=true');
  });

  it('warns for X-Forwarded-Proto alone', async () => {
    const warnings: string[] = [];
    await request(appWarningTo(warnings)).get('/api/health').set('X-Forwarded-Proto', 'https').expect(200);
    expect(warnings).toEqual([BEHIND_PROXY_WARNING]);
  });
});

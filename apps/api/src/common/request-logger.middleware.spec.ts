import express from 'express';
import request from 'supertest';
import { requestLogger } from './request-logger.middleware';

describe('requestLogger', () => {
  it('logs method, path without the query string, status and duration once the response ends', async () => {
    const lines: string[] = [];
    const app = express()
      .use(requestLogger({ log: (line: string) => lines.push(line) } as never))
      .get('/api/tasks', (_req, res) => {
        res.status(200).json([]);
      });
    await request(app).get('/api/tasks?token=secret').expect(200);
    await request(app).get('/missing').expect(404);
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/tasks 200 \d+ms$/),
      expect.stringMatching(/^GET \/missing 404 \d+ms$/),
    ]);
  });

  it("never logs the iCalendar feed's secret token", async () => {
    const lines: string[] = [];
    const app = express()
      .use(requestLogger({ log: (line: string) => lines.push(line) } as never))
      .get('/api/calendar/feed/:file', (_req, res) => {
        res.status(404).json({ message: 'Not found' });
      });
    await request(app).get('/api/calendar/feed/s3cr3t-T0ken.ics').expect(404);
    expect(lines).toEqual([expect.stringMatching(/^GET \/api\/calendar\/feed\/\*\*\* 404 \d+ms$/)]);
  });

  it.each([
    '/API/calendar/feed/s3cr3t-T0ken.ics',
    '/Api/Calendar/Feed/s3cr3t-T0ken.ics',
    '/api//calendar/feed/s3cr3t-T0ken.ics',
    '/api/calendar//feed/s3cr3t-T0ken.ics',
    '/api/calendar/feed/s3cr3t-T0ken.ics/',
    '/api/%63alendar/feed/s3cr3t-T0ken.ics',
    '/api/calendar%2Ffeed%2Fs3cr3t-T0ken.ics',
    '/api/calendar/feed/s3cr3t%2FT0ken.ics',
    '/api/%2563alendar/feed/s3cr3t-T0ken.ics',
    '/api/x/../calendar/feed/s3cr3t-T0ken.ics',
  ])("never logs the feed's token when the path is spelled %s", async (path) => {
    const lines: string[] = [];
    const app = express()
      .use(requestLogger({ log: (line: string) => lines.push(line) } as never))
      .use((_req, res) => void res.status(404).json({ message: 'Not found' }));
    await request(app).get(path).expect(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/s3cr3t|T0ken/i);
    expect(lines[0]).toMatch(/^GET \/api\/calendar\/feed\/\*\*\* 404 \d+ms$/);
  });

  it('keeps the paths under the feed that carry no secret', async () => {
    const lines: string[] = [];
    const app = express()
      .use(requestLogger({ log: (line: string) => lines.push(line) } as never))
      .use((_req, res) => void res.status(204).end());
    await request(app).post('/api/calendar/feed/regenerate').expect(204);
    await request(app).get('/api/calendar/feed').expect(204);
    expect(lines).toEqual([
      expect.stringMatching(/^POST \/api\/calendar\/feed\/regenerate 204/),
      expect.stringMatching(/^GET \/api\/calendar\/feed 204/),
    ]);
  });
});

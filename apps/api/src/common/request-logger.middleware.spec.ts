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
    expect(lines).toEqual([expect.stringMatching(/^GET \/api\/tasks 200 \d+ms$/), expect.stringMatching(/^GET \/missing 404 \d+ms$/)]);
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
});

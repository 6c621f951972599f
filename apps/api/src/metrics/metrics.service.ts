import { timingSafeEqual, createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env.schema';
import { JOBS_SCHEMA } from '../jobs/jobs.config';

/** The route label of requests no controller route answered (static files, 404s, refusals by middleware). */
export const UNROUTED = 'unrouted';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * The Prometheus figures of this process (prom-client), served at GET /metrics when METRICS_TOKEN
 * is set: HTTP requests by method, route template and status, with their durations; the TypeORM
 * pool's connections; pg-boss jobs per queue and state (read from the database, so every API
 * instance reports the same, whole-cluster figures); Node's process defaults (memory, CPU, event
 * loop, heap). Each app has its own registry, so several apps in one test process do not mix.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly tokenHash: Buffer | undefined;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly logger = new Logger('Metrics');

  constructor(
    config: ConfigService<Env, true>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    const token = config.get('METRICS_TOKEN', { infer: true });
    this.tokenHash = token ? sha256(token) : undefined;
    const registers = [this.registry];
    // Node's own figures observe the process (GC, event loop) for good: only where they are served.
    if (this.tokenHash) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer finishing, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const pool = () => (this.dataSource.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: 'aide_db_pool_connections',
      help: "The TypeORM pool's connections: total (open), idle, and waiting (requests queued for one)",
      labelNames: ['state'],
      registers,
      collect() {
        const current = pool();
        if (!current) return;
        this.set({ state: 'total' }, current.totalCount);
        this.set({ state: 'idle' }, current.idleCount);
        this.set({ state: 'waiting' }, current.waitingCount);
      },
    });
    const jobCounts = () => this.jobCounts();
    new Gauge({
      name: 'aide_jobs',
      help: 'pg-boss jobs kept in the database, by queue and state (created, retry, active, completed, cancelled, failed)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const { queue, state, count } of await jobCounts()) this.set({ queue, state }, count);
      },
    });
  }

  /** Whether /metrics is served at all (METRICS_TOKEN is set). */
  get enabled(): boolean {
    return this.tokenHash !== undefined;
  }

  /** Whether an Authorization header carries the token (compared in constant time). */
  authorized(header: string | undefined): boolean {
    if (!this.tokenHash || !header?.startsWith('Bearer ')) return false;
    return timingSafeEqual(sha256(header.slice('Bearer '.length)), this.tokenHash);
  }

  /** Times every request; labels it with the route template the router matched (bounded label values). */
  middleware() {
    return (request: Request, response: Response, next: NextFunction) => {
      const end = this.durations.startTimer();
      response.once('finish', () => {
        const routePath = (request.route as { path?: unknown } | undefined)?.path;
        const labels = {
          method: request.method,
          route: typeof routePath === 'string' ? request.baseUrl + routePath : UNROUTED,
          status: String(response.statusCode),
        };
        end(labels);
        this.requests.inc(labels);
      });
      next();
    };
  }

  private async jobCounts(): Promise<{ queue: string; state: string; count: number }[]> {
    try {
      return await this.dataSource.query(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${JOBS_SCHEMA}.job GROUP BY 1, 2`,
      );
    } catch (error) {
      // Before pg-boss' first start the schema does not exist yet: no jobs to report.
      this.logger.debug(`job counts not read: ${(error as Error).message}`);
      return [];
    }
  }
}

import type { DataSource } from 'typeorm';
import type { JobOwner } from '../src/jobs/job-definition';

export interface TestJobTarget {
  id: number;
  status: string;
  progress: number;
  error: string | null;
}

/**
 * A JobOwner over a table created for the test (test_job_targets), logging every progress write
 * in order (test_job_progress), as a domain's entity would hold its job's state.
 */
export class TestJobOwner implements JobOwner {
  readonly type = 'test_target';

  constructor(private readonly dataSource: DataSource) {}

  static async create(dataSource: DataSource): Promise<TestJobOwner> {
    await dataSource.query(`CREATE TABLE IF NOT EXISTS test_job_targets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, status text NOT NULL DEFAULT 'queued', progress integer NOT NULL DEFAULT 0, error text)`);
    await dataSource.query(`CREATE TABLE IF NOT EXISTS test_job_progress (
      seq integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, target_id integer NOT NULL, progress integer NOT NULL)`);
    return new TestJobOwner(dataSource);
  }

  async newTarget(): Promise<{ type: string; id: number }> {
    const [row] = await this.dataSource.query<{ id: number }[]>(
      `INSERT INTO test_job_targets DEFAULT VALUES RETURNING id`,
    );
    return { type: this.type, id: row.id };
  }

  async target(id: number): Promise<TestJobTarget> {
    const [row] = await this.dataSource.query<TestJobTarget[]>(
      `SELECT id, status, progress, error FROM test_job_targets WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** Every progress value written for the row, in write order. */
  async progressLog(id: number): Promise<number[]> {
    const rows = await this.dataSource.query<{ progress: number }[]>(
      `SELECT progress FROM test_job_progress WHERE target_id = $1 ORDER BY seq`,
      [id],
    );
    return rows.map((row) => row.progress);
  }

  async setProgress(id: number, progress: number): Promise<void> {
    await this.dataSource.query(`UPDATE test_job_targets SET status = 'running', progress = $2 WHERE id = $1`, [
      id,
      progress,
    ]);
    await this.dataSource.query(`INSERT INTO test_job_progress (target_id, progress) VALUES ($1, $2)`, [id, progress]);
  }

  async setDone(id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE test_job_targets SET status = 'done', progress = 100, error = NULL WHERE id = $1`,
      [id],
    );
  }

  async setFailed(id: number, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE test_job_targets SET status = 'failed', error = $2 WHERE id = $1`, [id, error]);
  }
}

/** A job's row in pg-boss's table, for asserting its state and attempts. */
export async function bossJob(dataSource: DataSource, id: string) {
  const [row] = await dataSource.query<{ state: string; retry_count: number; output: unknown }[]>(
    `SELECT state, retry_count, output FROM pgboss.job WHERE id = $1`,
    [id],
  );
  return row;
}

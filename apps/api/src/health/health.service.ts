import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const DATABASE_TIMEOUT_MS = 3000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  /** True when the database answers SELECT 1 within a few seconds. */
  async databaseIsUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), DATABASE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}

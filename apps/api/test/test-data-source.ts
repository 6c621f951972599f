import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source';
import { createTestDatabase } from './test-database';

export interface TestDataSource {
  dataSource: DataSource;
  close(): Promise<void>;
}

/** A TypeORM DataSource on a fresh database with the migrations run, for service tests without HTTP. */
export async function createTestDataSource(): Promise<TestDataSource> {
  const database = await createTestDatabase();
  const dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  return {
    dataSource,
    async close() {
      await dataSource.destroy();
      await database.drop();
    },
  };
}

import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const postgres = globalThis.__AIDE_TEST_POSTGRES__;
  if (!postgres) return;
  await postgres.stop();
  await rm(postgres.root, { recursive: true, force: true });
}

import type { DataSource } from 'typeorm';
import { PREPARED_TEXTS_MAX, poolQuery } from './entity-rows';

/** A data source whose pool records what it was asked to run. */
function recordingSource() {
  const sent: { name?: string; text: string; values: unknown[] }[] = [];
  const master = {
    query: async (statement: { name?: string; text: string; values: unknown[] }) => {
      sent.push(statement);
      return { rows: [{ ok: true }] };
    },
  };
  return { sent, source: { driver: { master } } as unknown as DataSource };
}

describe('poolQuery', () => {
  it('runs a statement as one prepared statement, named the same on every call and apart from other texts', async () => {
    const { sent, source } = recordingSource();
    const rows = await poolQuery(source, 'SELECT 1 WHERE $1::int > 0', [1]);
    await poolQuery(source, 'SELECT 1 WHERE $1::int > 0', [2]);
    await poolQuery(source, 'SELECT 2 WHERE $1::int > 0', [1]);

    expect(rows).toEqual([{ ok: true }]);
    expect(sent[0].name).toMatch(/^aide-q/);
    expect(sent[1]).toEqual({ name: sent[0].name, text: 'SELECT 1 WHERE $1::int > 0', values: [2] });
    expect(sent[2].name).toMatch(/^aide-q/);
    expect(sent[2].name).not.toBe(sent[0].name);
  });

  it('runs texts past the limit unprepared, so a text built from values cannot fill the connections', async () => {
    const { sent, source } = recordingSource();
    for (let i = 0; i < PREPARED_TEXTS_MAX + 5; i++) await poolQuery(source, `SELECT ${i} AS n /* built */`, []);

    const prepared = sent.filter((statement) => statement.name !== undefined);
    expect(new Set(prepared.map((statement) => statement.name)).size).toBeLessThanOrEqual(PREPARED_TEXTS_MAX);
    expect(sent.at(-1)).toEqual({
      name: undefined,
      text: `SELECT ${PREPARED_TEXTS_MAX + 4} AS n /* built */`,
      values: [],
    });
  });
});

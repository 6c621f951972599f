import { contractChanges, type SchemaShape } from './schema-contract';

const shape = (columns: SchemaShape['columns'], enums: SchemaShape['enums'] = {}): SchemaShape => ({
  tables: [...new Set(Object.keys(columns).map((key) => key.split('.')[0]))].sort(),
  columns,
  enums,
});
const col = (type: string, notNull = false, filled = false) => ({ type, notNull, filled });

const release = shape(
  {
    'tasks.id': col('integer', true, true),
    'tasks.title': col('character varying(200)', true),
    'tasks.note': col('text'),
    'notes.id': col('integer', true, true),
  },
  { task_kind: ['chore', 'errand'] },
);

describe('contractChanges', () => {
  it('lists nothing for expand-only changes: a new table, a nullable or defaulted column, a wider varchar, a new enum value', () => {
    const expanded = shape(
      {
        ...release.columns,
        'tasks.title': col('character varying(500)', true),
        'tasks.colour': col('text'),
        'tasks.done': col('boolean', true, true),
        'labels.id': col('integer', true, true),
        'labels.name': col('text', true),
      },
      { task_kind: ['chore', 'errand', 'call'] },
    );
    expect(contractChanges(release, expanded)).toEqual([]);
  });

  it('lists a dropped table, a dropped or renamed column, a narrower type, a tightened NOT NULL and a lost enum value', () => {
    const contracted = shape(
      {
        'tasks.id': col('integer', true, true),
        'tasks.name': col('character varying(200)', true, true),
        'tasks.title': col('character varying(100)', true),
        'tasks.note': col('text', true),
      },
      { task_kind: ['chore'] },
    );
    delete contracted.columns['tasks.name'];
    expect(contractChanges(release, contracted)).toEqual([
      'table notes is dropped or renamed',
      'column tasks.title changes type from character varying(200) to character varying(100)',
      'column tasks.note becomes NOT NULL',
      'enum task_kind loses errand',
    ]);
  });

  it("lists a new required column without a default on an existing table, which the old version's INSERTs leave out", () => {
    const added = shape({ ...release.columns, 'tasks.owner': col('integer', true) }, release.enums);
    expect(contractChanges(release, added)).toEqual([
      "column tasks.owner is new, NOT NULL and without a default: the previous version's INSERTs would fail",
    ]);
  });

  it('lists a renamed column as dropped, and a removed default on a required column', () => {
    const renamed = shape(
      {
        'tasks.id': col('integer', true, false),
        'tasks.heading': col('character varying(200)', true),
        'tasks.note': col('text'),
        'notes.id': col('integer', true, true),
      },
      release.enums,
    );
    expect(contractChanges(release, renamed)).toEqual([
      'column tasks.id is NOT NULL and loses its default',
      'column tasks.title is dropped or renamed',
      "column tasks.heading is new, NOT NULL and without a default: the previous version's INSERTs would fail",
    ]);
  });
});

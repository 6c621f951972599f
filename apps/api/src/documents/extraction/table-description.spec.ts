import { describeTable } from './table-description';

describe('describeTable', () => {
  it('reads a semicolon table with a header: rows, columns, number spans', () => {
    const text = 'item;price;stock\ntea;3,50;12\ncoffee;4;0\ncocoa;2.25;7\n';
    expect(describeTable(text)).toEqual({
      summary: 'A table of 3 rows and 3 columns: item, price and stock. Stock ranges from 0 to 12.',
      columns: ['item', 'price', 'stock'],
    });
  });

  it('names columns by position when the first row is data, and counts tab-separated rows', () => {
    const text = '1\t2026-05-01\t4.5\n2\t2026-05-02\t5\n3\t2026-05-09\t6.25\n';
    const described = describeTable(text);
    expect(described?.summary).toBe(
      'A table of 3 rows and 3 columns. Column 1 ranges from 1 to 3. Column 2 runs from 2026-05-01 to 2026-05-09. Column 3 ranges from 4.5 to 6.25.',
    );
    expect(described?.columns).toEqual([]);
  });

  it('answers null for prose, a single line, or a table without data rows', () => {
    expect(describeTable('Dear Ada, thank you for the notes. See you on Friday.')).toBeNull();
    expect(describeTable('a,b,c')).toBeNull();
    expect(describeTable('name,email\n')).toBeNull();
  });
});

import { batchBySize, compactUidSet, expandUidSet } from './uid-sets';

describe('UID sets', () => {
  it('expand and compact round-trip', () => {
    expect(expandUidSet('1:3,7,10:9')).toEqual([1, 2, 3, 7, 9, 10]);
    expect(expandUidSet('')).toEqual([]);
    expect(compactUidSet([10, 1, 2, 3, 7, 9, 2])).toBe('1:3,7,9:10');
    expect(compactUidSet([])).toBe('');
    expect(() => expandUidSet('1:*')).toThrow('Not a UID set');
  });

  it('batch by count and by bytes, a large message alone', () => {
    const items = [5, 5, 5, 5, 50, 5].map((size, uid) => ({ uid, size }));
    expect(batchBySize(items, 3, 20).map((b) => b.map((i) => i.uid))).toEqual([[0, 1, 2], [3], [4], [5]]);
    expect(batchBySize([], 3, 20)).toEqual([]);
  });
});

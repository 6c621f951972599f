import { chunks, compactUidSet, expandUidSet } from './uid-sets';

describe('UID sets', () => {
  it('expand and compact round-trip', () => {
    expect(expandUidSet('1:3,7,10:9')).toEqual([1, 2, 3, 7, 9, 10]);
    expect(expandUidSet('')).toEqual([]);
    expect(compactUidSet([10, 1, 2, 3, 7, 9, 2])).toBe('1:3,7,9:10');
    expect(compactUidSet([])).toBe('');
    expect(() => expandUidSet('1:*')).toThrow('Not a UID set');
  });

  it('cut a list into chunks', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
  });
});

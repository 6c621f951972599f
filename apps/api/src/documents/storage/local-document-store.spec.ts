import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { documentStoreBehaviour } from '../../../test/document-store-behaviour';
import { filesUnder, tempDocumentStorage } from '../../../test/document-storage';
import { InvalidDocumentKeyError, LocalDocumentStore } from './local-document-store';

let root: string;

describe('LocalDocumentStore', () => {
  documentStoreBehaviour(
    async () => {
      root = await tempDocumentStorage();
      return { store: new LocalDocumentStore(root), contents: () => filesUnder(root) };
    },
    () => rm(root, { recursive: true, force: true }),
  );

  it('keeps a key as a file of that path under its folder', async () => {
    const store = new LocalDocumentStore(root);
    await store.put('12/abc-def', Readable.from([Buffer.from('hello')]), { contentType: 'text/plain' });
    expect(await readFile(path.join(root, '12', 'abc-def'), 'utf8')).toBe('hello');
    await store.delete('12/abc-def');
  });

  it.each([
    '../escape',
    '12/../../escape',
    '/etc/passwd',
    '12/..',
    '..',
    '12//x',
    '',
    '12/.hidden',
    '12/a b',
    '12\\..\\x',
  ])('refuses the key %j, touching nothing', async (key) => {
    const store = new LocalDocumentStore(root);
    const before = await filesUnder(root);
    await expect(
      store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
    ).rejects.toBeInstanceOf(InvalidDocumentKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidDocumentKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidDocumentKeyError);
    expect(await filesUnder(root)).toEqual(before);
  });
});

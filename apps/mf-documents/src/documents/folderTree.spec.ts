import { aFolder } from '../../test/factories';
import { childFolders, folderLabel, folderPath, folderTree } from './folderTree';

const work = aFolder({ name: 'Work' });
const contracts = aFolder({ name: 'Contracts', parentFolderId: work.id });
const y2026 = aFolder({ name: '2026', parentFolderId: contracts.id });
const home = aFolder({ name: 'home' });
const folders = [y2026, home, contracts, work];

describe('folder tree', () => {
  it('answers the path from Root to a folder, empty at Root or for an unknown folder', () => {
    expect(folderPath(folders, y2026.id).map((f) => f.name)).toEqual(['Work', 'Contracts', '2026']);
    expect(folderPath(folders, null)).toEqual([]);
    expect(folderPath(folders, 999)).toEqual([]);
  });

  it('survives a cycle in bad data', () => {
    const a = aFolder({ name: 'A' });
    const b = aFolder({ name: 'B', parentFolderId: a.id });
    a.parentFolderId = b.id;
    expect(folderPath([a, b], b.id).map((f) => f.name)).toEqual(['A', 'B']);
  });

  it("lists a level's folders by name, case-insensitively", () => {
    expect(childFolders(folders, null).map((f) => f.name)).toEqual(['home', 'Work']);
  });

  it('labels where a document lives', () => {
    expect(folderLabel(folders, contracts.id)).toBe('Work / Contracts');
    expect(folderLabel(folders, null)).toBe('Root');
  });

  it('nests every folder under Root for the Move dialog', () => {
    const [root] = folderTree(folders);
    expect(root.value).toBe('root');
    expect(root.title).toBe('Root');
    expect(root.children.map((n) => n.title)).toEqual(['home', 'Work']);
    expect(root.children[1].children[0].children[0].title).toBe('2026');
  });
});

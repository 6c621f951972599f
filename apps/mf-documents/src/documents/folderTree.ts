/** Folders as a tree: the breadcrumb's path, a folder's children, the Move dialog's choices. Pure. */
import type { DocumentFolder } from '@aide/contracts';
import { t } from '../i18n';

/** The top level's name, in the reader's language. */
export const rootLabel = () => t('root');

const byName = (a: DocumentFolder, b: DocumentFolder) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

/** The folders from Root's first level down to `folderId` (empty at Root or for an unknown id). */
export function folderPath(folders: readonly DocumentFolder[], folderId: number | null): DocumentFolder[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: DocumentFolder[] = [];
  const seen = new Set<number>();
  let current = folderId === null ? undefined : byId.get(folderId);
  // `seen` guards against a cycle in bad data.
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentFolderId === null ? undefined : byId.get(current.parentFolderId);
  }
  return path;
}

/** The folders directly inside `parentId` (null: Root), by name. */
export function childFolders(folders: readonly DocumentFolder[], parentId: number | null): DocumentFolder[] {
  return folders.filter((folder) => folder.parentFolderId === parentId).sort(byName);
}

/** 'Work / Contracts': where a document lives, for search results from every folder. */
export function folderLabel(folders: readonly DocumentFolder[], folderId: number | null): string {
  const path = folderPath(folders, folderId);
  return path.length ? path.map((folder) => folder.name).join(' / ') : rootLabel();
}

/** The Move dialog's TreeSelect value for Root (a TreeSelect value cannot be null). */
export const ROOT_VALUE = 'root';

export interface FolderTreeNode {
  value: number | typeof ROOT_VALUE;
  title: string;
  children: FolderTreeNode[];
}

/** Root with every folder nested under it, each level by name. */
export function folderTree(folders: readonly DocumentFolder[]): FolderTreeNode[] {
  const build = (parentId: number | null, seen: Set<number>): FolderTreeNode[] =>
    childFolders(folders, parentId)
      .filter((folder) => !seen.has(folder.id))
      .map((folder) => ({
        value: folder.id,
        title: folder.name,
        children: build(folder.id, new Set(seen).add(folder.id)),
      }));
  return [{ value: ROOT_VALUE, title: rootLabel(), children: build(null, new Set()) }];
}

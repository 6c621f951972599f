import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@aide/api-client';
import { emailActionsEndpoints, type EmailFolder } from '@aide/contracts';

/**
 * The user's own mail folders across accounts (GET /api/emails/folders), for the Move to menu and
 * the Folders tab. Bulk actions invalidate it, so the counts follow a move.
 */
export function useEmailFolders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...endpointQuery(emailActionsEndpoints.folders), enabled });
}

/**
 * What to call each folder: its name, or its whole path where two folders share a name
 * ("Clients" under "Projects" and under "Archive 2024").
 */
export function folderLabels(folders: readonly EmailFolder[]): Map<string, string> {
  const seen = new Map<string, number>();
  for (const folder of folders) seen.set(folder.name, (seen.get(folder.name) ?? 0) + 1);
  return new Map(folders.map((folder) => [folder.path, seen.get(folder.name)! > 1 ? folder.path : folder.name]));
}

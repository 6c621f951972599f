/** The changes the screen makes, each with its spec §8 toast on failure and a toast on success. */
import { useState } from 'react';
import { isUnauthorizedError } from '@aide/api-client';
import {
  DOCUMENT_MESSAGES,
  type CreateFolderPayload,
  type DocumentFolder,
  type DocumentSummary,
  type UpdateDocumentInput,
  type UpdateFolderPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { serverMessage } from './serverMessage';
import {
  useCreateFolder,
  useDeleteDocument,
  useDeleteFolder,
  useMoveDocument,
  useSetArchived,
  useUpdateDocument,
  useUpdateFolder,
} from './useDocuments';

/** Success toasts (the spec names only the failures) and the one failure it does not name. */
export const ACTION_TEXT = {
  folderCreated: 'Folder created',
  folderUpdated: 'Folder updated',
  updateFolderFailed: 'Failed to update folder',
  folderDeleted: 'Folder deleted',
  documentUpdated: 'Document updated',
  documentArchived: 'Document archived',
  documentUnarchived: 'Document unarchived',
  documentMoved: 'Document moved',
  documentDeleted: 'Document deleted',
} as const;

export function useDocumentActions() {
  const { toast } = useHost();
  const updateDocument = useUpdateDocument();
  const setArchived = useSetArchived();
  const moveDocument = useMoveDocument();
  const deleteDocument = useDeleteDocument();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const deleteFolder = useDeleteFolder();
  /** Documents with a change in flight (their cards show a spinner). */
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Runs one call; answers its result (true for none), or null after showing the failure. */
  async function run<T>(
    call: () => Promise<T>,
    success: string,
    failure: string,
    documentId?: number,
  ): Promise<T | true | null> {
    if (documentId !== undefined) mark(documentId, true);
    try {
      const result = await call();
      toast({ title: success });
      return result ?? true;
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (!isUnauthorizedError(error))
        toast({ title: failure, description: serverMessage(error), variant: 'destructive' });
      return null;
    } finally {
      if (documentId !== undefined) mark(documentId, false);
    }
  }

  return {
    busy,
    updating: updateDocument.isPending,
    moving: moveDocument.isPending,
    savingFolder: createFolder.isPending || updateFolder.isPending,
    update: (doc: DocumentSummary, payload: UpdateDocumentInput) =>
      run(
        () => updateDocument.mutateAsync({ id: doc.id, payload }),
        ACTION_TEXT.documentUpdated,
        DOCUMENT_MESSAGES.updateFailed,
        doc.id,
      ),
    setArchived: (doc: DocumentSummary, archived: boolean) =>
      run(
        () => setArchived.mutateAsync({ id: doc.id, archived }),
        archived ? ACTION_TEXT.documentArchived : ACTION_TEXT.documentUnarchived,
        archived ? DOCUMENT_MESSAGES.archiveFailed : DOCUMENT_MESSAGES.unarchiveFailed,
        doc.id,
      ),
    move: (doc: DocumentSummary, folderId: number | null) =>
      run(
        () => moveDocument.mutateAsync({ id: doc.id, folderId }),
        ACTION_TEXT.documentMoved,
        DOCUMENT_MESSAGES.moveFailed,
        doc.id,
      ),
    remove: (doc: DocumentSummary) =>
      run(
        () => deleteDocument.mutateAsync(doc.id),
        ACTION_TEXT.documentDeleted,
        DOCUMENT_MESSAGES.deleteDocumentFailed,
        doc.id,
      ),
    createFolder: (payload: CreateFolderPayload) =>
      run(() => createFolder.mutateAsync(payload), ACTION_TEXT.folderCreated, DOCUMENT_MESSAGES.createFolderFailed),
    updateFolder: (folder: DocumentFolder, payload: UpdateFolderPayload) =>
      run(
        () => updateFolder.mutateAsync({ id: folder.id, payload }),
        ACTION_TEXT.folderUpdated,
        ACTION_TEXT.updateFolderFailed,
      ),
    removeFolder: (folder: DocumentFolder) =>
      run(() => deleteFolder.mutateAsync(folder.id), ACTION_TEXT.folderDeleted, DOCUMENT_MESSAGES.deleteFolderFailed),
  };
}

export type DocumentActions = ReturnType<typeof useDocumentActions>;

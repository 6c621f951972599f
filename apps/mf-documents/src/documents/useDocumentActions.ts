/** The changes the screen makes, each with its spec §8 toast on failure and a toast on success. */
import { useState } from 'react';
import { isUnauthorizedError } from '@aide/api-client';
import {
  type CreateFolderPayload,
  type DocumentFolder,
  type DocumentSummary,
  type UpdateDocumentInput,
  type UpdateFolderPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { categoryLabel } from './documentFiles';
import { serverMessage } from './serverMessage';
import type { SuggestionChoice } from './SuggestedTags';
import {
  useCreateFolder,
  useDeleteDocument,
  useDeleteFolder,
  useDismissSuggestions,
  useKeepSuggestion,
  useMoveDocument,
  useSetArchived,
  useUpdateDocument,
  useUpdateFolder,
} from './useDocuments';
import { messageText, t } from '../i18n';

export function useDocumentActions() {
  const { toast } = useHost();
  const updateDocument = useUpdateDocument();
  const setArchived = useSetArchived();
  const moveDocument = useMoveDocument();
  const deleteDocument = useDeleteDocument();
  const keepSuggestion = useKeepSuggestion();
  const dismissSuggestions = useDismissSuggestions();
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
        toast({ title: failure, description: messageText(serverMessage(error)), variant: 'destructive' });
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
        t('actions.documentUpdated'),
        t('messages.updateFailed'),
        doc.id,
      ),
    setArchived: (doc: DocumentSummary, archived: boolean) =>
      run(
        () => setArchived.mutateAsync({ id: doc.id, archived }),
        archived ? t('actions.documentArchived') : t('actions.documentUnarchived'),
        archived ? t('messages.archiveFailed') : t('messages.unarchiveFailed'),
        doc.id,
      ),
    move: (doc: DocumentSummary, folderId: number | null) =>
      run(
        () => moveDocument.mutateAsync({ id: doc.id, folderId }),
        t('actions.documentMoved'),
        t('messages.moveFailed'),
        doc.id,
      ),
    /** Issue 30: keeps one suggestion (it becomes the document's own) or dismisses them all. */
    suggestion: (doc: DocumentSummary, choice: SuggestionChoice) =>
      'dismiss' in choice
        ? run(
            () => dismissSuggestions.mutateAsync(doc.id),
            t('actions.suggestionsDismissed'),
            t('messages.updateFailed'),
            doc.id,
          )
        : run(
            () =>
              keepSuggestion.mutateAsync({
                id: doc.id,
                keep: choice.keep === 'tag' ? { tag: choice.tag } : { category: choice.category },
              }),
            choice.keep === 'tag'
              ? t('actions.tagKept', { tag: choice.tag })
              : t('actions.categoryKept', { category: categoryLabel(choice.category) }),
            t('messages.updateFailed'),
            doc.id,
          ),
    remove: (doc: DocumentSummary) =>
      run(
        () => deleteDocument.mutateAsync(doc.id),
        t('actions.documentDeleted'),
        t('messages.deleteDocumentFailed'),
        doc.id,
      ),
    createFolder: (payload: CreateFolderPayload) =>
      run(() => createFolder.mutateAsync(payload), t('actions.folderCreated'), t('messages.createFolderFailed')),
    updateFolder: (folder: DocumentFolder, payload: UpdateFolderPayload) =>
      run(
        () => updateFolder.mutateAsync({ id: folder.id, payload }),
        t('actions.folderUpdated'),
        t('actions.updateFolderFailed'),
      ),
    removeFolder: (folder: DocumentFolder) =>
      run(() => deleteFolder.mutateAsync(folder.id), t('actions.folderDeleted'), t('messages.deleteFolderFailed')),
  };
}

export type DocumentActions = ReturnType<typeof useDocumentActions>;

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Dropdown, Flex, Select, Skeleton, Typography, theme } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  MoreOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MESSAGES,
  type DocumentCategory,
  type DocumentFolder,
  type DocumentSummary,
} from '@aide/contracts';
import { useFetchFailureToast } from '@aide/module-kit';
import {
  ArchivedToggle,
  EmptyState,
  EmptyText,
  FetchErrorAlert,
  PageHeader,
  SearchFilterBar,
  useConfirm,
  useDebouncedValue,
} from '@aide/ui';
import './documents.css';
import { DocumentCard, type DocumentAction } from './DocumentCard';
import { documentDownloadUrl, searchText } from './documentsQuery';
import { FolderBreadcrumb } from './FolderBreadcrumb';
import { documentCount, FolderCard } from './FolderCard';
import type { FolderFormValues } from './FolderDialog';
import { childFolders, folderLabel, folderPath, ROOT_LABEL } from './folderTree';
import { useDocumentActions } from './useDocumentActions';
import { useDocumentList, useFolders } from './useDocuments';

// Each dialog's code loads the first time it opens.
const UploadDialog = lazy(() => import('./UploadDialog'));
const FolderDialog = lazy(() => import('./FolderDialog'));
const DocumentViewDialog = lazy(() => import('./DocumentViewDialog'));
const EditDocumentDialog = lazy(() => import('./EditDocumentDialog'));
const MoveDocumentDialog = lazy(() => import('./MoveDocumentDialog'));

// Spec §2 texts, and the screen's own.
export const PAGE_TEXT = {
  title: 'Documents',
  subtitle: 'Store, organise and search your files',
  newFolder: 'New Folder',
  upload: 'Upload',
  searchPlaceholder: 'Search documents...',
  allCategories: 'All categories',
  showArchived: 'Show Archived',
  hideArchived: 'Hide Archived',
  folders: 'Folders',
  documents: 'Documents',
  searchScope: 'Results from all folders',
  clearSearch: 'Clear search',
  clearFilters: 'Clear filters',
  emptyRoot: 'No documents yet',
  emptyRootHint: 'Upload files to keep them safe, searchable and organised in folders.',
  noMatch: 'No documents match',
  noMatchHint: 'Try other words or another category.',
  emptyFolder: 'This folder is empty',
  emptyFolderHint: 'Upload files here, or drag a document onto this folder from another one.',
  noLooseDocuments: 'No documents here',
  noLooseDocumentsHint: 'Open a folder above, or upload files to this level.',
  folderNotFound: DOCUMENT_MESSAGES.folderNotFound,
  goToRoot: 'Go to Root',
  retry: 'Retry',
  editFolder: 'Edit Folder',
  deleteFolder: 'Delete Folder',
} as const;

const FOLDER_PARAM = 'folder';
/** The header search's link to a document: /documents?open=<id>. */
const OPEN_PARAM = 'open';

const parseId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

const categoryOptions = [
  { value: '', label: PAGE_TEXT.allCategories },
  ...DOCUMENT_CATEGORIES.map((value) => ({ value, label: value })),
];

/** True from a dialog's first opening on, so its lazy code loads only when it is first wanted and it can animate closed. */
function useMountedOnce(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted || open;
}

interface DialogState<T> {
  open: boolean;
  /** Kept while the dialog closes, so its contents do not change mid-animation. */
  item: T | null;
}
const closed = { open: false, item: null };

/** Starts a file download (the API answers it as an attachment). */
function download(doc: DocumentSummary) {
  const link = document.createElement('a');
  link.href = documentDownloadUrl(doc.id);
  link.download = doc.originalName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export default function DocumentsPage() {
  const { token } = theme.useToken();
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const folderId = parseId(params.get(FOLDER_PARAM));
  const openId = parseId(params.get(OPEN_PARAM));

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const searching = searchText(q) !== '';
  const [category, setCategory] = useState<DocumentCategory | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const filtering = searching || category !== null;

  const folders = useFolders();
  const list = useDocumentList({ folderId, q, category, archived: showArchived });
  const actions = useDocumentActions();
  const allFolders = folders.data ?? [];
  const path = folderPath(allFolders, folderId);
  const currentFolder = folderId === null ? null : (path[path.length - 1] ?? null);
  const folderMissing = folderId !== null && folders.isSuccess && !currentFolder;
  const subfolders = childFolders(allFolders, folderId);
  const here = folderId === null ? ROOT_LABEL : folderLabel(allFolders, folderId);

  // Spec §8: a failed fetch shows its toast (and the section its Retry). A 401 is the shell's.
  useFetchFailureToast(list, DOCUMENT_MESSAGES.fetchDocumentsFailed);
  useFetchFailureToast(folders, DOCUMENT_MESSAGES.fetchFoldersFailed);

  // ---- Navigation: the open folder and the open document live in the address ----
  const withParams = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    return next;
  };
  const folderParams = (id: number | null) =>
    withParams((next) => {
      next.delete(OPEN_PARAM);
      if (id === null) next.delete(FOLDER_PARAM);
      else next.set(FOLDER_PARAM, String(id));
    });
  const hrefOf = (id: number | null) => {
    const search = folderParams(id).toString();
    return search ? `?${search}` : '?';
  };
  /** A new history entry per folder, so Back goes up again. */
  const openFolder = (id: number | null) => setParams(folderParams(id));
  const openDocument = (id: number) =>
    setParams(
      withParams((next) => next.set(OPEN_PARAM, String(id))),
      { replace: true },
    );
  const closeDocument = () =>
    setParams(
      withParams((next) => next.delete(OPEN_PARAM)),
      { replace: true },
    );

  // ---- Dialogs ----
  const [uploadOpen, setUploadOpen] = useState(false);
  const [folderDialog, setFolderDialog] = useState<DialogState<DocumentFolder | null>>(closed);
  const [edit, setEdit] = useState<DialogState<DocumentSummary>>(closed);
  const [move, setMove] = useState<DialogState<DocumentSummary>>(closed);
  // The document last opened, still shown while its dialog closes (state kept from an earlier render).
  const [lastOpenId, setLastOpenId] = useState<number | null>(openId);
  if (openId !== null && openId !== lastOpenId) setLastOpenId(openId);
  const uploadMounted = useMountedOnce(uploadOpen);
  const folderMounted = useMountedOnce(folderDialog.open);
  const viewMounted = useMountedOnce(openId !== null);
  const editMounted = useMountedOnce(edit.open);
  const moveMounted = useMountedOnce(move.open);

  const newFolder = () => setFolderDialog({ open: true, item: null });
  const editFolder = (folder: DocumentFolder) => setFolderDialog({ open: true, item: folder });
  const saveFolder = async (values: FolderFormValues) => {
    const folder = folderDialog.item;
    const saved = folder
      ? await actions.updateFolder(folder, values)
      : await actions.createFolder({ ...values, parentFolderId: folderId });
    return saved !== null;
  };
  const deleteFolder = async (folder: DocumentFolder) => {
    const parent = folder.parentFolderId === null ? ROOT_LABEL : folderLabel(allFolders, folder.parentFolderId);
    const ok = await confirm({
      title: `Delete the folder "${folder.name}"?`,
      content: `Its ${documentCount(folder.documentCount)} and any subfolders move up to ${parent}. No document is deleted.`,
      okText: 'Delete',
      cancelText: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    const removed = await actions.removeFolder(folder);
    // Deleting the open folder (or one above it): go to where its contents went.
    if (removed && path.some((f) => f.id === folder.id)) openFolder(folder.parentFolderId);
  };

  const deleteDocument = async (doc: DocumentSummary) => {
    const ok = await confirm({
      title: `Delete "${doc.originalName}"?`,
      content: 'The file is deleted for good. This cannot be undone.',
      okText: 'Delete',
      cancelText: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    if ((await actions.remove(doc)) && openId === doc.id) closeDocument();
  };

  const onDocumentAction = (doc: DocumentSummary, action: DocumentAction) => {
    switch (action) {
      case 'view':
        return openDocument(doc.id);
      case 'download':
        return download(doc);
      case 'edit':
        return setEdit({ open: true, item: doc });
      case 'move':
        return setMove({ open: true, item: doc });
      case 'archive':
        return void actions.setArchived(doc, !doc.isArchived);
      case 'delete':
        return void deleteDocument(doc);
    }
  };

  /** A card dropped on a folder card or a breadcrumb item. */
  const dropDocument = (documentId: number, target: number | null) => {
    const doc = list.data?.find((d) => d.id === documentId);
    if (!doc || doc.folderId === target) return;
    void actions.move(doc, target);
  };

  const clearFilters = () => {
    setSearch('');
    setCategory(null);
  };

  // ---- Sections ----
  const fetchError = (query: typeof folders | typeof list, title: string) => (
    <FetchErrorAlert query={query} title={title} retryLabel={PAGE_TEXT.retry} />
  );

  const sectionTitle = (text: string, extra?: ReactNode) => (
    <Flex align="baseline" gap={token.marginXS}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG }}>
        {text}
      </Typography.Title>
      {extra}
    </Flex>
  );

  const folderSection =
    searching || folderMissing ? null : folders.isError ? (
      fetchError(folders, DOCUMENT_MESSAGES.fetchFoldersFailed)
    ) : folders.isPending ? (
      <ul className="aide-docs-grid aide-docs-folder-grid" aria-label="Loading folders" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <div className="aide-docs-card aide-docs-folder">
              <Skeleton
                active
                avatar={{ shape: 'square' }}
                title={{ width: '70%' }}
                paragraph={{ rows: 1, width: '40%' }}
              />
            </div>
          </li>
        ))}
      </ul>
    ) : subfolders.length ? (
      <section aria-label={PAGE_TEXT.folders}>
        <Flex vertical gap={token.marginSM}>
          {sectionTitle(PAGE_TEXT.folders)}
          <ul className="aide-docs-grid aide-docs-folder-grid">
            {subfolders.map((folder) => (
              <li key={folder.id}>
                <FolderCard
                  folder={folder}
                  subfolders={childFolders(allFolders, folder.id).length}
                  onOpen={() => openFolder(folder.id)}
                  onEdit={() => editFolder(folder)}
                  onDelete={() => void deleteFolder(folder)}
                  onDropDocument={(documentId) => dropDocument(documentId, folder.id)}
                />
              </li>
            ))}
          </ul>
        </Flex>
      </section>
    ) : null;

  const uploadButton = (
    <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>
      {PAGE_TEXT.upload}
    </Button>
  );

  const emptyDocuments = () => {
    if (filtering) {
      return (
        <EmptyState
          description={<EmptyText title={PAGE_TEXT.noMatch} hint={PAGE_TEXT.noMatchHint} />}
          action={<Button onClick={clearFilters}>{PAGE_TEXT.clearFilters}</Button>}
        />
      );
    }
    const [title, hint] =
      folderId === null
        ? subfolders.length
          ? [PAGE_TEXT.noLooseDocuments, PAGE_TEXT.noLooseDocumentsHint]
          : [PAGE_TEXT.emptyRoot, PAGE_TEXT.emptyRootHint]
        : subfolders.length
          ? [PAGE_TEXT.noLooseDocuments, PAGE_TEXT.noLooseDocumentsHint]
          : [PAGE_TEXT.emptyFolder, PAGE_TEXT.emptyFolderHint];
    return (
      <EmptyState
        description={<EmptyText title={title} hint={hint} />}
        action={
          <Flex wrap gap={token.marginXS} justify="center">
            {uploadButton}
            {folderId === null && !subfolders.length ? (
              <Button icon={<FolderAddOutlined />} onClick={newFolder}>
                {PAGE_TEXT.newFolder}
              </Button>
            ) : null}
          </Flex>
        }
      />
    );
  };

  const documents = list.data;
  const documentSection = folderMissing ? null : (
    <section aria-label={searching ? 'Search results' : PAGE_TEXT.documents}>
      <Flex vertical gap={token.marginSM}>
        {searching
          ? null
          : sectionTitle(
              PAGE_TEXT.documents,
              documents?.length ? (
                <Typography.Text type="secondary">{documents.length.toLocaleString()}</Typography.Text>
              ) : null,
            )}
        {/* A failed refetch keeps the last list on screen under its error. */}
        {fetchError(list, DOCUMENT_MESSAGES.fetchDocumentsFailed)}
        {list.isError && !documents ? null : list.isPending ? (
          <ul className="aide-docs-grid" aria-label="Loading documents" aria-busy>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <div className="aide-docs-card">
                  <Skeleton active avatar={{ shape: 'square' }} paragraph={{ rows: 2 }} />
                </div>
              </li>
            ))}
          </ul>
        ) : documents?.length ? (
          <ul
            className="aide-docs-grid"
            aria-label={searching ? 'Search results' : `Documents in ${here}`}
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}
            aria-busy={list.isFetching || undefined}
          >
            {documents.map((doc) => (
              <li key={doc.id}>
                <DocumentCard
                  doc={doc}
                  busy={actions.busy.has(doc.id)}
                  folderLabel={searching ? folderLabel(allFolders, doc.folderId) : undefined}
                  draggable={!searching}
                  onAction={(action) => onDocumentAction(doc, action)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div style={{ border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadiusLG }}>
            {emptyDocuments()}
          </div>
        )}
      </Flex>
    </section>
  );

  const currentFolderMenu = currentFolder ? (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'edit', label: PAGE_TEXT.editFolder, icon: <EditOutlined aria-hidden /> },
          { key: 'delete', label: PAGE_TEXT.deleteFolder, icon: <DeleteOutlined aria-hidden />, danger: true },
        ],
        onClick: ({ key }) => (key === 'edit' ? editFolder(currentFolder) : void deleteFolder(currentFolder)),
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={`Actions for folder ${currentFolder.name}`}
      />
    </Dropdown>
  ) : null;

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={PAGE_TEXT.title}
        subtitle={PAGE_TEXT.subtitle}
        extra={
          <>
            <Button icon={<FolderAddOutlined />} onClick={newFolder}>
              {PAGE_TEXT.newFolder}
            </Button>
            {uploadButton}
          </>
        }
      />

      <SearchFilterBar
        search={search}
        onSearchChange={setSearch}
        placeholder={PAGE_TEXT.searchPlaceholder}
        searchLabel="Search documents"
        filters={[
          {
            key: 'category',
            width: { xs: 14, md: 6, lg: 5 },
            control: (
              <Select
                aria-label="Filter by category"
                value={category ?? ''}
                onChange={(value: string) => setCategory((value || null) as DocumentCategory | null)}
                options={categoryOptions}
                listHeight={320}
                virtual={false}
                style={{ width: '100%' }}
              />
            ),
          },
          {
            key: 'archived',
            width: { xs: 10, md: 6, lg: 5 },
            control: (
              <ArchivedToggle
                showArchived={showArchived}
                onToggle={() => setShowArchived((on) => !on)}
                showLabel={PAGE_TEXT.showArchived}
                hideLabel={PAGE_TEXT.hideArchived}
              />
            ),
          },
        ]}
      />

      {searching ? (
        <Flex wrap align="center" justify="space-between" gap={token.marginXS} role="status">
          <Typography.Text type="secondary">
            <SearchOutlined aria-hidden style={{ marginInlineEnd: token.marginXS }} />
            {`${PAGE_TEXT.searchScope} for “${searchText(q)}”`}
            {documents && !list.isPlaceholderData
              ? ` · ${documents.length.toLocaleString()} ${documents.length === 1 ? 'result' : 'results'}`
              : ''}
          </Typography.Text>
          <Button size="small" onClick={() => setSearch('')}>
            {PAGE_TEXT.clearSearch}
          </Button>
        </Flex>
      ) : (
        <Flex align="center" gap={token.marginXS} style={{ minHeight: token.controlHeightSM }}>
          <FolderBreadcrumb path={path} hrefOf={hrefOf} onDropDocument={dropDocument} />
          {currentFolderMenu}
        </Flex>
      )}

      {folderMissing ? (
        <EmptyState
          description={<EmptyText title={PAGE_TEXT.folderNotFound} hint="It may have been deleted." />}
          action={<Button onClick={() => openFolder(null)}>{PAGE_TEXT.goToRoot}</Button>}
        />
      ) : null}
      {folderSection}
      {documentSection}

      <Suspense fallback={null}>
        {uploadMounted ? (
          <UploadDialog open={uploadOpen} folderId={folderId} folderLabel={here} onClose={() => setUploadOpen(false)} />
        ) : null}
        {folderMounted ? (
          <FolderDialog
            open={folderDialog.open}
            folder={folderDialog.item}
            parentLabel={here}
            saving={actions.savingFolder}
            onClose={() => setFolderDialog((d) => ({ ...d, open: false }))}
            onSave={saveFolder}
          />
        ) : null}
        {viewMounted ? (
          <DocumentViewDialog
            open={openId !== null}
            documentId={openId ?? lastOpenId}
            folders={allFolders}
            onClose={closeDocument}
            onEdit={(doc) => setEdit({ open: true, item: doc })}
          />
        ) : null}
        {editMounted ? (
          <EditDocumentDialog
            open={edit.open}
            doc={edit.item}
            saving={actions.updating}
            onClose={() => setEdit((d) => ({ ...d, open: false }))}
            onSave={async (payload) => (edit.item ? (await actions.update(edit.item, payload)) !== null : false)}
          />
        ) : null}
        {moveMounted ? (
          <MoveDocumentDialog
            open={move.open}
            doc={move.item}
            folders={allFolders}
            saving={actions.moving}
            onClose={() => setMove((d) => ({ ...d, open: false }))}
            onMove={async (target) => (move.item ? (await actions.move(move.item, target)) !== null : false)}
          />
        ) : null}
      </Suspense>
    </Flex>
  );
}

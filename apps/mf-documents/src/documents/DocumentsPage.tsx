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
import { DOCUMENT_CATEGORIES, type DocumentCategory, type DocumentFolder, type DocumentSummary } from '@aide/contracts';
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
import { categoryLabel } from './documentFiles';
import { documentDownloadUrl, searchText } from './documentsQuery';
import { FolderBreadcrumb } from './FolderBreadcrumb';
import { FolderCard } from './FolderCard';
import type { FolderFormValues } from './FolderDialog';
import { childFolders, folderLabel, folderPath, rootLabel } from './folderTree';
import { useDocumentActions } from './useDocumentActions';
import { useDocumentList, useFolders } from './useDocuments';
import { formatNumber } from '@aide/i18n';
import { useT } from '../i18n';

// Each dialog's code loads the first time it opens.
const UploadDialog = lazy(() => import('./UploadDialog'));
const FolderDialog = lazy(() => import('./FolderDialog'));
const DocumentViewDialog = lazy(() => import('./DocumentViewDialog'));
const EditDocumentDialog = lazy(() => import('./EditDocumentDialog'));
const MoveDocumentDialog = lazy(() => import('./MoveDocumentDialog'));

const FOLDER_PARAM = 'folder';
/** The header search's link to a document: /documents?open=<id>. */
const OPEN_PARAM = 'open';

const parseId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

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
  const t = useT();
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
  const here = folderId === null ? rootLabel() : folderLabel(allFolders, folderId);
  const categoryOptions = [
    { value: '', label: t('page.allCategories') },
    ...DOCUMENT_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
  ];

  // Spec §8: a failed fetch shows its toast (and the section its Retry). A 401 is the shell's.
  useFetchFailureToast(list, t('messages.fetchDocumentsFailed'));
  useFetchFailureToast(folders, t('messages.fetchFoldersFailed'));

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
    const parent = folder.parentFolderId === null ? rootLabel() : folderLabel(allFolders, folder.parentFolderId);
    const ok = await confirm({
      title: t('page.deleteFolderTitle', { name: folder.name }),
      content: t('page.deleteFolderContent', { count: folder.documentCount, parent }),
      okText: t('page.delete'),
      cancelText: t('page.cancel'),
      danger: true,
    });
    if (!ok) return;
    const removed = await actions.removeFolder(folder);
    // Deleting the open folder (or one above it): go to where its contents went.
    if (removed && path.some((f) => f.id === folder.id)) openFolder(folder.parentFolderId);
  };

  const deleteDocument = async (doc: DocumentSummary) => {
    const ok = await confirm({
      title: t('page.deleteDocumentTitle', { name: doc.originalName }),
      content: t('page.deleteDocumentContent'),
      okText: t('page.delete'),
      cancelText: t('page.cancel'),
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
    <FetchErrorAlert query={query} title={title} retryLabel={t('page.retry')} />
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
      fetchError(folders, t('messages.fetchFoldersFailed'))
    ) : folders.isPending ? (
      <ul className="aide-docs-grid aide-docs-folder-grid" aria-label={t('page.loadingFolders')} aria-busy>
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
      <section aria-label={t('page.folders')}>
        <Flex vertical gap={token.marginSM}>
          {sectionTitle(t('page.folders'))}
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
      {t('page.upload')}
    </Button>
  );

  const emptyDocuments = () => {
    if (filtering) {
      return (
        <EmptyState
          description={<EmptyText title={t('page.noMatch')} hint={t('page.noMatchHint')} />}
          action={<Button onClick={clearFilters}>{t('page.clearFilters')}</Button>}
        />
      );
    }
    const [title, hint] =
      folderId === null
        ? subfolders.length
          ? [t('page.noLooseDocuments'), t('page.noLooseDocumentsHint')]
          : [t('page.emptyRoot'), t('page.emptyRootHint')]
        : subfolders.length
          ? [t('page.noLooseDocuments'), t('page.noLooseDocumentsHint')]
          : [t('page.emptyFolder'), t('page.emptyFolderHint')];
    return (
      <EmptyState
        description={<EmptyText title={title} hint={hint} />}
        action={
          <Flex wrap gap={token.marginXS} justify="center">
            {uploadButton}
            {folderId === null && !subfolders.length ? (
              <Button icon={<FolderAddOutlined />} onClick={newFolder}>
                {t('page.newFolder')}
              </Button>
            ) : null}
          </Flex>
        }
      />
    );
  };

  const documents = list.data;
  const documentSection = folderMissing ? null : (
    <section aria-label={searching ? t('page.searchResults') : t('page.documents')}>
      <Flex vertical gap={token.marginSM}>
        {searching
          ? null
          : sectionTitle(
              t('page.documents'),
              documents?.length ? (
                <Typography.Text type="secondary">{formatNumber(documents.length)}</Typography.Text>
              ) : null,
            )}
        {/* A failed refetch keeps the last list on screen under its error. */}
        {fetchError(list, t('messages.fetchDocumentsFailed'))}
        {list.isError && !documents ? null : list.isPending ? (
          <ul className="aide-docs-grid" aria-label={t('page.loadingDocuments')} aria-busy>
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
            aria-label={searching ? t('page.searchResults') : t('page.documentsIn', { folder: here })}
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
                  onSuggestion={(choice) => void actions.suggestion(doc, choice)}
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
          { key: 'edit', label: t('page.editFolder'), icon: <EditOutlined aria-hidden /> },
          { key: 'delete', label: t('page.deleteFolder'), icon: <DeleteOutlined aria-hidden />, danger: true },
        ],
        onClick: ({ key }) => (key === 'edit' ? editFolder(currentFolder) : void deleteFolder(currentFolder)),
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('page.folderActions', { name: currentFolder.name })}
      />
    </Dropdown>
  ) : null;

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <>
            <Button icon={<FolderAddOutlined />} onClick={newFolder}>
              {t('page.newFolder')}
            </Button>
            {uploadButton}
          </>
        }
      />

      <SearchFilterBar
        search={search}
        onSearchChange={setSearch}
        placeholder={t('page.searchPlaceholder')}
        searchLabel={t('page.searchLabel')}
        filters={[
          {
            key: 'category',
            width: { xs: 14, md: 6, lg: 5 },
            control: (
              <Select
                aria-label={t('page.categoryFilter')}
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
                showLabel={t('page.showArchived')}
                hideLabel={t('page.hideArchived')}
              />
            ),
          },
        ]}
      />

      {searching ? (
        <Flex wrap align="center" justify="space-between" gap={token.marginXS} role="status">
          <Typography.Text type="secondary">
            <SearchOutlined aria-hidden style={{ marginInlineEnd: token.marginXS }} />
            {t('page.searchScope', { query: searchText(q) })}
            {documents && !list.isPlaceholderData ? ` · ${t('page.resultCount', { count: documents.length })}` : ''}
          </Typography.Text>
          <Button size="small" onClick={() => setSearch('')}>
            {t('page.clearSearch')}
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
          description={<EmptyText title={t('messages.folderNotFound')} hint={t('page.folderNotFoundHint')} />}
          action={<Button onClick={() => openFolder(null)}>{t('page.goToRoot')}</Button>}
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
            onSuggestion={(doc, choice) => void actions.suggestion(doc, choice)}
            busy={openId !== null && actions.busy.has(openId)}
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

import {
  Alert,
  Button,
  Col,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Row,
  Skeleton,
  Spin,
  Tag,
  Typography,
  theme,
} from 'antd';
import { DownloadOutlined, EditOutlined, ExportOutlined, FileSearchOutlined, WarningOutlined } from '@ant-design/icons';
import { ApiError } from '@aide/api-client';
import type { Document, DocumentFolder } from '@aide/contracts';
import { CATEGORY_COLORS, uploadedDateTime } from './DocumentCard';
import { categoryLabel } from './documentFiles';
import { previewOf, typeLabel, type Preview } from './documentFiles';
import { documentDownloadUrl, documentPreviewUrl } from './documentsQuery';
import { FileTypeIcon } from './FileTypeIcon';
import { folderLabel } from './folderTree';
import { serverMessage } from './serverMessage';
import { TextSourceNote } from './TextSourceNote';
import { useDocument } from './useDocuments';
import { SourceEmailLink } from './SourceEmailLink';
import { type SuggestionChoice, SuggestedTags } from './SuggestedTags';
import { formatFileSize } from '@aide/i18n';
import { SuggestionsPanel } from '@aide/ui';
import { messageText, useT } from '../i18n';

/** The preview area for one document, by spec §2's rules (see previewOf). */
export function DocumentPreview({ doc }: { doc: Document }) {
  const { token } = theme.useToken();
  const t = useT();
  const preview: Preview = previewOf(doc);
  const frameHeight = 'min(65vh, 720px)';
  switch (preview.kind) {
    case 'pdf':
      return (
        <Flex vertical gap={token.marginXS}>
          <iframe
            src={documentPreviewUrl(doc.id)}
            title={t('view.previewOf', { name: doc.originalName })}
            style={{
              display: 'block',
              width: '100%',
              height: frameHeight,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              background: token.colorFillQuaternary,
            }}
          />
          {/* Some browsers (most phones) show no PDF inside a page: the same preview on its own. */}
          <Typography.Link
            href={documentPreviewUrl(doc.id)}
            target="_blank"
            rel="noopener noreferrer"
            style={{ alignSelf: 'flex-end', fontSize: token.fontSizeSM }}
          >
            <ExportOutlined aria-hidden /> {t('view.openPdf')}
          </Typography.Link>
        </Flex>
      );
    case 'text':
      return (
        <pre
          className="aide-docs-extracted-text"
          tabIndex={0}
          aria-label={t('view.textOf', { name: doc.originalName })}
        >
          {preview.text}
        </pre>
      );
    case 'reading':
      return (
        <Flex
          vertical
          align="center"
          justify="center"
          gap={token.marginSM}
          role="status"
          style={{ minHeight: 220, textAlign: 'center' }}
        >
          <Spin />
          <Typography.Text strong>{t('view.reading')}</Typography.Text>
          <Typography.Text type="secondary">{t('view.readingHint')}</Typography.Text>
        </Flex>
      );
    case 'extractionFailed':
      return (
        <Empty
          image={<WarningOutlined aria-hidden style={{ fontSize: 40, color: token.colorWarning }} />}
          styles={{ image: { height: 48 } }}
          description={
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text strong>{t('messages.extractionFailed')}</Typography.Text>
              <Typography.Text type="secondary">
                {preview.reason ? messageText(preview.reason) : t('view.downloadHint')}
              </Typography.Text>
            </Flex>
          }
          style={{ padding: token.paddingXL }}
        />
      );
    default:
      return (
        <Empty
          image={<FileSearchOutlined aria-hidden style={{ fontSize: 40, color: token.colorTextTertiary }} />}
          styles={{ image: { height: 48 } }}
          description={
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text strong>{t('messages.previewNotAvailable')}</Typography.Text>
              <Typography.Text type="secondary">{t('view.downloadHint')}</Typography.Text>
            </Flex>
          }
          style={{ padding: token.paddingXL }}
        />
      );
  }
}

function DocumentDetails({
  doc,
  folders,
  onSuggestion,
  busy,
}: {
  doc: Document;
  folders: DocumentFolder[];
  onSuggestion?: (choice: SuggestionChoice) => void;
  busy?: boolean;
}) {
  const { token } = theme.useToken();
  const t = useT();
  return (
    <Flex vertical gap={token.marginSM}>
      <SourceEmailLink doc={doc} />
      <Descriptions
        size="small"
        column={1}
        title={<span style={{ fontSize: token.fontSize }}>{t('view.details')}</span>}
        items={[
          { key: 'size', label: t('view.size'), children: formatFileSize(doc.size) },
          {
            key: 'type',
            label: t('view.type'),
            children: (
              <span title={doc.mimeType} style={{ overflowWrap: 'anywhere' }}>
                {typeLabel(doc)}
              </span>
            ),
          },
          {
            key: 'uploaded',
            label: t('view.uploaded'),
            children: <time dateTime={doc.uploadedAt}>{uploadedDateTime(doc.uploadedAt)}</time>,
          },
          { key: 'folder', label: t('view.folder'), children: folderLabel(folders, doc.folderId) },
          {
            key: 'category',
            label: t('view.category'),
            children: doc.category ? (
              <Tag color={CATEGORY_COLORS[doc.category]} style={{ marginInlineEnd: 0 }}>
                {categoryLabel(doc.category)}
              </Tag>
            ) : (
              '—'
            ),
          },
          {
            key: 'tags',
            label: t('view.tags'),
            children: doc.tags.length ? (
              <Flex wrap gap={4}>
                {doc.tags.map((tag) => (
                  <Tag key={tag} variant="filled" style={{ marginInlineEnd: 0 }}>
                    {tag}
                  </Tag>
                ))}
              </Flex>
            ) : (
              '—'
            ),
          },
          // Issue 30: the AI's suggestions, apart from the person's own tags and category.
          ...(onSuggestion && (doc.suggestedTags.length || doc.suggestedCategory)
            ? [
                {
                  key: 'suggested',
                  label: t('view.suggested'),
                  children: (
                    <Flex vertical gap={token.marginXXS}>
                      <SuggestedTags doc={doc} busy={busy} onChoose={onSuggestion} showLabel={false} />
                      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                        {t('suggested.hint')}
                      </Typography.Text>
                    </Flex>
                  ),
                },
              ]
            : []),
          ...(doc.isArchived ? [{ key: 'archived', label: t('view.status'), children: t('card.archived') }] : []),
        ]}
      />
      <div>
        <Typography.Text strong>{t('view.summary')}</Typography.Text>
        <Typography.Paragraph
          type={doc.summary ? undefined : 'secondary'}
          style={{ margin: `${token.marginXXS}px 0 0`, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {doc.summary || (doc.extractionStatus === 'pending' ? t('view.reading') : t('view.noSummary'))}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}

export interface DocumentViewDialogProps {
  open: boolean;
  documentId: number | null;
  folders: DocumentFolder[];
  onClose: () => void;
  onEdit: (doc: Document) => void;
  /** Keeps or dismisses the document's suggestions (issue 30); without it they are not offered. */
  onSuggestion?: (doc: Document, choice: SuggestionChoice) => void;
  /** A change to the document is in flight. */
  busy?: boolean;
}

/** A document's preview and details, with Download (spec §2 view/preview). */
export default function DocumentViewDialog({
  open,
  documentId,
  folders,
  onClose,
  onEdit,
  onSuggestion,
  busy,
}: DocumentViewDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const query = useDocument(open ? documentId : null);
  const doc = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  let body;
  if (doc) {
    body = (
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={token.marginSM}>
            <TextSourceNote doc={doc} />
            {/* What its text could become (a bill to pay), and what it became (issue 26). */}
            <SuggestionsPanel source={{ documentId: doc.id }} />
            <DocumentPreview doc={doc} />
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <DocumentDetails
            doc={doc}
            folders={folders}
            busy={busy}
            onSuggestion={onSuggestion ? (choice) => onSuggestion(doc, choice) : undefined}
          />
        </Col>
      </Row>
    );
  } else if (query.isError) {
    body = notFound ? (
      <Empty description={t('messages.documentNotFound')} style={{ padding: token.paddingXL }} />
    ) : (
      <Alert
        type="error"
        showIcon
        title={t('view.loadFailed')}
        description={messageText(serverMessage(query.error))}
        action={
          <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('view.retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div role="status" aria-label={t('view.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={
        <Flex align="center" gap={token.marginSM} style={{ minWidth: 0, paddingInlineEnd: token.paddingLG }}>
          {doc ? <FileTypeIcon doc={doc} size={32} /> : null}
          <Typography.Title
            level={2}
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading4,
              lineHeight: token.lineHeightHeading4,
              overflowWrap: 'anywhere',
            }}
          >
            {doc?.originalName ?? (notFound ? t('messages.documentNotFound') : t('view.document'))}
          </Typography.Title>
        </Flex>
      }
      footer={
        <Flex wrap justify="flex-end" gap={token.marginXS}>
          <Button onClick={onClose}>{t('view.close')}</Button>
          {doc ? (
            <>
              <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(doc)}>
                {t('view.edit')}
              </Button>
              <Button
                type="primary"
                icon={<DownloadOutlined aria-hidden />}
                href={documentDownloadUrl(doc.id)}
                download={doc.originalName}
              >
                {t('view.download')}
              </Button>
            </>
          ) : null}
        </Flex>
      }
      width={{ xs: '100%', sm: '94%', md: 880, lg: 1040 }}
      centered
      destroyOnHidden
    >
      <div style={{ marginTop: token.marginSM }}>{body}</div>
    </Modal>
  );
}

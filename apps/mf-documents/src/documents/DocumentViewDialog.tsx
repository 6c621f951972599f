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
import { DOCUMENT_MESSAGES, formatFileSize, type Document, type DocumentFolder } from '@aide/contracts';
import { CARD_TEXT, CATEGORY_COLORS, uploadedDateTime } from './DocumentCard';
import { previewOf, typeLabel, type Preview } from './documentFiles';
import { documentDownloadUrl, documentPreviewUrl } from './documentsQuery';
import { FileTypeIcon } from './FileTypeIcon';
import { folderLabel } from './folderTree';
import { serverMessage } from './serverMessage';
import { useDocument } from './useDocuments';

export const VIEW_TEXT = {
  download: 'Download',
  openPdf: 'Open in a new tab',
  edit: 'Edit',
  close: 'Close',
  details: 'Details',
  loadFailed: 'Failed to load document',
  retry: 'Retry',
  extractionFailed: DOCUMENT_MESSAGES.extractionFailed,
  previewNotAvailable: DOCUMENT_MESSAGES.previewNotAvailable,
  reading: 'Reading text…',
  readingHint: 'The text appears here as soon as it has been read.',
  downloadHint: 'Download the file to open it.',
  none: '—',
} as const;

/** The preview area for one document, by spec §2's rules (see previewOf). */
export function DocumentPreview({ doc }: { doc: Document }) {
  const { token } = theme.useToken();
  const preview: Preview = previewOf(doc);
  const frameHeight = 'min(65vh, 720px)';
  switch (preview.kind) {
    case 'pdf':
      return (
        <Flex vertical gap={token.marginXS}>
          <iframe
            src={documentPreviewUrl(doc.id)}
            title={`Preview of ${doc.originalName}`}
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
            <ExportOutlined aria-hidden /> {VIEW_TEXT.openPdf}
          </Typography.Link>
        </Flex>
      );
    case 'text':
      return (
        <pre className="aide-docs-extracted-text" tabIndex={0} aria-label={`Text of ${doc.originalName}`}>
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
          <Typography.Text strong>{VIEW_TEXT.reading}</Typography.Text>
          <Typography.Text type="secondary">{VIEW_TEXT.readingHint}</Typography.Text>
        </Flex>
      );
    case 'extractionFailed':
      return (
        <Empty
          image={<WarningOutlined aria-hidden style={{ fontSize: 40, color: token.colorWarning }} />}
          styles={{ image: { height: 48 } }}
          description={
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text strong>{VIEW_TEXT.extractionFailed}</Typography.Text>
              <Typography.Text type="secondary">{preview.reason ?? VIEW_TEXT.downloadHint}</Typography.Text>
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
              <Typography.Text strong>{VIEW_TEXT.previewNotAvailable}</Typography.Text>
              <Typography.Text type="secondary">{VIEW_TEXT.downloadHint}</Typography.Text>
            </Flex>
          }
          style={{ padding: token.paddingXL }}
        />
      );
  }
}

function DocumentDetails({ doc, folders }: { doc: Document; folders: DocumentFolder[] }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginSM}>
      <Descriptions
        size="small"
        column={1}
        title={<span style={{ fontSize: token.fontSize }}>{VIEW_TEXT.details}</span>}
        items={[
          { key: 'size', label: 'Size', children: formatFileSize(doc.size) },
          {
            key: 'type',
            label: 'Type',
            children: (
              <span title={doc.mimeType} style={{ overflowWrap: 'anywhere' }}>
                {typeLabel(doc)}
              </span>
            ),
          },
          {
            key: 'uploaded',
            label: 'Uploaded',
            children: <time dateTime={doc.uploadedAt}>{uploadedDateTime(doc.uploadedAt)}</time>,
          },
          { key: 'folder', label: 'Folder', children: folderLabel(folders, doc.folderId) },
          {
            key: 'category',
            label: 'Category',
            children: doc.category ? (
              <Tag color={CATEGORY_COLORS[doc.category]} style={{ marginInlineEnd: 0 }}>
                {doc.category}
              </Tag>
            ) : (
              VIEW_TEXT.none
            ),
          },
          {
            key: 'tags',
            label: 'Tags',
            children: doc.tags.length ? (
              <Flex wrap gap={4}>
                {doc.tags.map((tag) => (
                  <Tag key={tag} variant="filled" style={{ marginInlineEnd: 0 }}>
                    {tag}
                  </Tag>
                ))}
              </Flex>
            ) : (
              VIEW_TEXT.none
            ),
          },
          ...(doc.isArchived ? [{ key: 'archived', label: 'Status', children: CARD_TEXT.archived }] : []),
        ]}
      />
      <div>
        <Typography.Text strong>Summary</Typography.Text>
        <Typography.Paragraph
          type={doc.summary ? undefined : 'secondary'}
          style={{ margin: `${token.marginXXS}px 0 0`, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {doc.summary || (doc.extractionStatus === 'pending' ? VIEW_TEXT.reading : 'No summary yet.')}
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
}

/** A document's preview and details, with Download (spec §2 view/preview). */
export default function DocumentViewDialog({ open, documentId, folders, onClose, onEdit }: DocumentViewDialogProps) {
  const { token } = theme.useToken();
  const query = useDocument(open ? documentId : null);
  const doc = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  let body;
  if (doc) {
    body = (
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={16}>
          <DocumentPreview doc={doc} />
        </Col>
        <Col xs={24} lg={8}>
          <DocumentDetails doc={doc} folders={folders} />
        </Col>
      </Row>
    );
  } else if (query.isError) {
    body = notFound ? (
      <Empty description={DOCUMENT_MESSAGES.documentNotFound} style={{ padding: token.paddingXL }} />
    ) : (
      <Alert
        type="error"
        showIcon
        title={VIEW_TEXT.loadFailed}
        description={serverMessage(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
            {VIEW_TEXT.retry}
          </Button>
        }
      />
    );
  } else {
    body = (
      <div role="status" aria-label="Loading document">
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
            {doc?.originalName ?? (notFound ? DOCUMENT_MESSAGES.documentNotFound : 'Document')}
          </Typography.Title>
        </Flex>
      }
      footer={
        <Flex wrap justify="flex-end" gap={token.marginXS}>
          <Button onClick={onClose}>{VIEW_TEXT.close}</Button>
          {doc ? (
            <>
              <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(doc)}>
                {VIEW_TEXT.edit}
              </Button>
              <Button
                type="primary"
                icon={<DownloadOutlined aria-hidden />}
                href={documentDownloadUrl(doc.id)}
                download={doc.originalName}
              >
                {VIEW_TEXT.download}
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

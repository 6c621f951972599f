import { useState } from 'react';
import { Button, Dropdown, Flex, Tag, Tooltip, Typography, theme, type MenuProps } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FolderOutlined,
  InboxOutlined,
  LoadingOutlined,
  MoreOutlined,
  SearchOutlined,
  UndoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { DOCUMENT_LIMITS, type DocumentCategory, type DocumentSummary } from '@aide/contracts';
import { formatFileSize } from '@aide/i18n';
import { cardTags, categoryLabel } from './documentFiles';
import { startDocumentDrag } from './dragDocument';
import { FileTypeIcon } from './FileTypeIcon';
import { type SuggestionChoice, SuggestedTags } from './SuggestedTags';
import { messageText, useT } from '../i18n';
import { VisuallyHidden } from '@aide/ui';

export type DocumentAction = 'view' | 'download' | 'edit' | 'move' | 'archive' | 'delete';

/** One antd preset colour per category, so a category reads the same everywhere. */
export const CATEGORY_COLORS: Record<DocumentCategory, string> = {
  Work: 'blue',
  Personal: 'magenta',
  Legal: 'purple',
  Financial: 'green',
  Medical: 'red',
  Education: 'cyan',
  Reference: 'gold',
};

/** 'Mar 3, 2026': the card's date; the tooltip has the time too. */
// Dates in the reader's language (dayjs's locale follows it): 'll' is 'MMM D, YYYY' in English, 'D MMM YYYY' in French…
dayjs.extend(localizedFormat);
export const uploadedDate = (iso: string) => dayjs(iso).format('ll');
export const uploadedDateTime = (iso: string) => dayjs(iso).format('dddd, LL HH:mm');

const tagStyle = { marginInlineEnd: 0 };

/** The extraction state a card shows: nothing once read (or for types without text). */
export function ExtractionBadge({ doc }: { doc: Pick<DocumentSummary, 'extractionStatus' | 'extractionError'> }) {
  const t = useT();
  if (doc.extractionStatus === 'pending') {
    return (
      <Tag icon={<LoadingOutlined spin />} color="processing" style={tagStyle} role="status">
        {t('card.reading')}
      </Tag>
    );
  }
  if (doc.extractionStatus === 'failed') {
    const reason = doc.extractionError ? messageText(doc.extractionError) : t('card.unreadable');
    return (
      <Tooltip title={reason}>
        <Tag
          icon={<WarningOutlined />}
          color="error"
          style={tagStyle}
          className="aide-docs-raised"
          tabIndex={0}
          aria-label={t('card.extractionFailedReason', { reason })}
        >
          {t('messages.extractionFailed')}
        </Tag>
      </Tooltip>
    );
  }
  return null;
}

/** Spec §9: at most three tags, then '+N' (the rest in its tooltip). */
export function CardTags({ tags }: { tags: readonly string[] }) {
  const { shown, hidden } = cardTags(tags);
  const t = useT();
  if (!shown.length) return null;
  return (
    <Flex wrap gap={4} aria-label={t('card.tags')} role="list">
      {shown.map((tag) => (
        <Tag
          key={tag}
          role="listitem"
          variant="filled"
          style={{ ...tagStyle, maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}
          title={tag}
        >
          {tag}
        </Tag>
      ))}
      {hidden.length ? (
        <Tooltip title={hidden.join(', ')}>
          <Tag
            role="listitem"
            variant="outlined"
            style={tagStyle}
            className="aide-docs-raised"
            tabIndex={0}
            aria-label={t('card.moreTags', { count: hidden.length, tags: hidden.join(', ') })}
          >
            {`+${hidden.length}`}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

export interface DocumentCardProps {
  doc: DocumentSummary;
  /** Where it lives, shown for search results (they come from every folder). */
  folderLabel?: string;
  busy?: boolean;
  onAction: (action: DocumentAction) => void;
  /** Dragging is offered when the screen can move a dropped card. */
  draggable?: boolean;
  /** Keeps or dismisses the AI's suggestions (issue 30); without it they are not offered. */
  onSuggestion?: (choice: SuggestionChoice) => void;
}

export function DocumentCard({ doc, folderLabel, busy, onAction, draggable, onSuggestion }: DocumentCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const [dragging, setDragging] = useState(false);
  const menu: MenuProps = {
    items: [
      { key: 'view', label: t('card.view'), icon: <EyeOutlined aria-hidden /> },
      { key: 'download', label: t('card.download'), icon: <DownloadOutlined aria-hidden /> },
      { key: 'edit', label: t('card.edit'), icon: <EditOutlined aria-hidden /> },
      { key: 'move', label: t('card.move'), icon: <FolderOutlined aria-hidden /> },
      {
        key: 'archive',
        label: doc.isArchived ? t('card.unarchive') : t('card.archive'),
        icon: doc.isArchived ? <UndoOutlined aria-hidden /> : <InboxOutlined aria-hidden />,
      },
      { type: 'divider' },
      { key: 'delete', label: t('card.delete'), icon: <DeleteOutlined aria-hidden />, danger: true },
    ],
    onClick: ({ key }) => onAction(key as DocumentAction),
  };
  const className = [
    'aide-docs-card',
    doc.isArchived ? 'aide-docs-card-archived' : '',
    dragging ? 'aide-docs-card-dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <article
      className={className}
      data-testid={`document-${doc.id}`}
      aria-busy={busy || undefined}
      draggable={draggable || undefined}
      onDragStart={
        draggable
          ? (event) => {
              startDocumentDrag(event, doc.id);
              setDragging(true);
            }
          : undefined
      }
      onDragEnd={draggable ? () => setDragging(false) : undefined}
    >
      <Flex gap={token.marginSM} align="flex-start">
        <FileTypeIcon doc={doc} />
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <button
            type="button"
            className="aide-docs-card-open aide-docs-name"
            title={doc.originalName}
            onClick={() => onAction('view')}
          >
            {doc.originalName}
          </button>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {formatFileSize(doc.size)}
            {' · '}
            <Tooltip title={uploadedDateTime(doc.uploadedAt)}>
              <time dateTime={doc.uploadedAt} className="aide-docs-raised">
                {uploadedDate(doc.uploadedAt)}
              </time>
            </Tooltip>
          </Typography.Text>
        </Flex>
        <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
          <Button
            className="aide-docs-raised"
            type="text"
            size="small"
            icon={<MoreOutlined />}
            loading={busy}
            aria-label={t('card.actions', { name: doc.originalName })}
          />
        </Dropdown>
      </Flex>

      {doc.category || doc.isArchived || doc.extractionStatus === 'pending' || doc.extractionStatus === 'failed' ? (
        <Flex wrap gap={4}>
          {doc.category ? (
            <Tag color={CATEGORY_COLORS[doc.category]} style={tagStyle}>
              {categoryLabel(doc.category)}
            </Tag>
          ) : null}
          {doc.isArchived ? (
            <Tag icon={<InboxOutlined />} style={tagStyle}>
              {t('card.archived')}
            </Tag>
          ) : null}
          <ExtractionBadge doc={doc} />
        </Flex>
      ) : null}

      <CardTags tags={doc.tags} />

      {onSuggestion ? (
        <SuggestedTags doc={doc} max={DOCUMENT_LIMITS.cardTags} busy={busy} onChoose={onSuggestion} />
      ) : null}

      {doc.summary ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: token.fontSizeSM }}>
          {doc.summary}
        </Typography.Paragraph>
      ) : null}

      {doc.match ? (
        <p className="aide-docs-match">
          <SearchOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          <VisuallyHidden>{t('card.match')} </VisuallyHidden>
          {doc.match}
        </p>
      ) : null}

      {folderLabel !== undefined ? (
        <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM, marginTop: 'auto' }}>
          <FolderOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          <VisuallyHidden>{t('card.inFolder')} </VisuallyHidden>
          {folderLabel}
        </Typography.Text>
      ) : null}
    </article>
  );
}

import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { AppstoreOutlined, BulbOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { DocumentCategory, DocumentSummary } from '@aide/contracts';
import { cardTags, categoryLabel } from './documentFiles';
import { useT } from '../i18n';

/** What the person does with a document's suggestions (issue 30): keep one, or let them all go. */
export type SuggestionChoice =
  { keep: 'tag'; tag: string } | { keep: 'category'; category: DocumentCategory } | { dismiss: true };

export interface SuggestedTagsProps {
  doc: Pick<DocumentSummary, 'suggestedTags' | 'suggestedCategory'>;
  onChoose: (choice: SuggestionChoice) => void;
  /** Suggested tags shown before '+N' (the card's room); every one when left out. */
  max?: number;
  busy?: boolean;
  /** 'Suggested:' before the chips; off where a label already says it (the view dialog's details). */
  showLabel?: boolean;
}

/**
 * The AI's suggestions for a document, apart from the person's own tags: 'Suggested:', then each
 * as a dashed chip that keeps it with one click, then a button that dismisses them all. Nothing
 * when there is nothing to suggest.
 */
export function SuggestedTags({ doc, onChoose, max, busy, showLabel = true }: SuggestedTagsProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { shown, hidden } = cardTags(doc.suggestedTags, max ?? doc.suggestedTags.length);
  if (!shown.length && !doc.suggestedCategory) return null;
  return (
    <Flex wrap gap={4} align="center" role="group" aria-label={t('suggested.group')}>
      {showLabel ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          <BulbOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
          {t('suggested.label')}
        </Typography.Text>
      ) : null}
      {doc.suggestedCategory ? (
        <button
          type="button"
          className="aide-docs-suggestion aide-docs-raised"
          disabled={busy}
          title={t('suggested.keepCategory', { category: categoryLabel(doc.suggestedCategory) })}
          aria-label={t('suggested.keepCategory', { category: categoryLabel(doc.suggestedCategory) })}
          onClick={() => onChoose({ keep: 'category', category: doc.suggestedCategory! })}
        >
          <AppstoreOutlined aria-hidden />
          {categoryLabel(doc.suggestedCategory)}
        </button>
      ) : null}
      {shown.map((tag) => (
        <button
          key={tag}
          type="button"
          className="aide-docs-suggestion aide-docs-raised"
          disabled={busy}
          title={t('suggested.keepTag', { tag })}
          aria-label={t('suggested.keepTag', { tag })}
          onClick={() => onChoose({ keep: 'tag', tag })}
        >
          <PlusOutlined aria-hidden />
          <span className="aide-docs-suggestion-text">{tag}</span>
        </button>
      ))}
      {hidden.length ? (
        <Tooltip title={hidden.join(', ')}>
          <Typography.Text
            type="secondary"
            className="aide-docs-raised"
            tabIndex={0}
            style={{ fontSize: token.fontSizeSM }}
            aria-label={t('suggested.more', { count: hidden.length, tags: hidden.join(', ') })}
          >
            {`+${hidden.length}`}
          </Typography.Text>
        </Tooltip>
      ) : null}
      <Tooltip title={t('suggested.dismiss')}>
        <Button
          type="text"
          size="small"
          className="aide-docs-raised"
          icon={<CloseOutlined aria-hidden />}
          disabled={busy}
          aria-label={t('suggested.dismiss')}
          onClick={() => onChoose({ dismiss: true })}
        />
      </Tooltip>
    </Flex>
  );
}

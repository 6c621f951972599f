import { Button, Flex, Input, Space, Tag, theme } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';

export interface TagEntryProps {
  id: string;
  /** What is typed and not yet added. */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Adds the draft (the caller trims it and keeps each tag once). */
  onAdd: () => void;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  /** The add button's name for screen readers, e.g. 'Add keyword'. */
  addLabel: string;
}

/**
 * The text box of a list of tags typed one by one (travel interests, blog keywords): Enter adds the
 * tag and never submits the surrounding form (nor fires while an IME is composing); the + button
 * does the same for pointer users.
 */
export function TagEntry({
  id,
  draft,
  onDraftChange,
  onAdd,
  placeholder,
  maxLength,
  disabled,
  addLabel,
}: TagEntryProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={draft}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            event.stopPropagation();
            onAdd();
          }
        }}
      />
      <Button icon={<PlusOutlined />} aria-label={addLabel} disabled={disabled || !draft.trim()} onClick={onAdd} />
    </Space.Compact>
  );
}

export interface TagListProps {
  /** The list's name for screen readers, e.g. 'Keywords'. */
  label: string;
  items: readonly string[];
  onRemove: (item: string) => void;
  /** Each remove button's name, e.g. (item) => `Remove ${item}`. */
  removeLabel: (item: string) => string;
}

/** The tags added so far, each removable; nothing when there are none. */
export function TagList({ label, items, onRemove, removeLabel }: TagListProps) {
  const { token } = theme.useToken();
  if (!items.length) return null;
  return (
    <Flex wrap gap={token.marginXXS} style={{ marginTop: token.marginXS }} role="list" aria-label={label}>
      {items.map((item) => (
        <Tag
          key={item}
          role="listitem"
          closable
          closeIcon={<CloseOutlined aria-label={removeLabel(item)} />}
          onClose={(event) => {
            event.preventDefault();
            onRemove(item);
          }}
          style={{ marginInlineEnd: 0 }}
        >
          {item}
        </Tag>
      ))}
    </Flex>
  );
}

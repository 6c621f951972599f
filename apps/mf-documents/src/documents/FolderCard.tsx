import { Button, Dropdown, Flex, Typography, theme, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, FolderFilled, MoreOutlined } from '@ant-design/icons';
import type { DocumentFolder } from '@aide/contracts';
import { useDocumentDrop } from './dragDocument';
import { FOLDER_COLOR_VALUES, tint } from './folderColors';
import { t, useT } from '../i18n';

/** '1 document', '3 documents'. */
export const documentCount = (count: number) => t('folderCard.documents', { count });

export interface FolderCardProps {
  folder: DocumentFolder;
  /** How many folders it holds (shown beside the count). */
  subfolders: number;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** A document card dropped on it. */
  onDropDocument?: (documentId: number) => void;
}

export function FolderCard({ folder, subfolders, onOpen, onEdit, onDelete, onDropDocument }: FolderCardProps) {
  const { token } = theme.useToken();
  useT(); // renders again in a new language
  const { over, dropProps } = useDocumentDrop(onDropDocument);
  const colour = FOLDER_COLOR_VALUES[folder.color] ?? FOLDER_COLOR_VALUES.blue;
  const detail = [
    documentCount(folder.documentCount),
    subfolders ? t('folderCard.folders', { count: subfolders }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const menu: MenuProps = {
    items: [
      { key: 'edit', label: t('page.editFolder'), icon: <EditOutlined aria-hidden /> },
      { key: 'delete', label: t('page.deleteFolder'), icon: <DeleteOutlined aria-hidden />, danger: true },
    ],
    onClick: ({ key }) => (key === 'edit' ? onEdit() : onDelete()),
  };

  return (
    <div
      className={`aide-docs-card aide-docs-folder${over ? ' aide-docs-drop-target' : ''}`}
      data-testid={`folder-${folder.id}`}
      data-color={folder.color}
      {...dropProps}
    >
      <span
        className="aide-docs-card-icon aide-docs-folder-icon"
        aria-hidden
        style={{ color: colour, background: tint(colour, 14) }}
      >
        <FolderFilled />
      </span>
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <button
          type="button"
          className="aide-docs-card-open aide-docs-name"
          onClick={onOpen}
          title={folder.name}
          aria-label={t('folderCard.open', { name: folder.name, detail })}
        >
          {folder.name}
        </button>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, lineHeight: 1.4 }}>
          {detail}
        </Typography.Text>
      </Flex>
      <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
        <Button
          className="aide-docs-raised"
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('page.folderActions', { name: folder.name })}
        />
      </Dropdown>
    </div>
  );
}

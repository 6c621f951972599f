import { useId, useState } from 'react';
import { Form, Modal, TreeSelect, Typography, theme } from 'antd';
import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import type { DocumentFolder, DocumentSummary } from '@aide/contracts';
import { folderLabel, folderTree, ROOT_VALUE, type FolderTreeNode } from './folderTree';
import { useT } from '../i18n';

type TreeValue = number | typeof ROOT_VALUE;

/** TreeSelect's data: every folder under Root, all open, each with its icon. */
function treeData(nodes: FolderTreeNode[]): object[] {
  return nodes.map((node) => ({
    value: node.value,
    title: node.title,
    icon: node.value === ROOT_VALUE ? <HomeOutlined /> : <FolderOutlined />,
    children: treeData(node.children),
  }));
}

export interface MoveDocumentDialogProps {
  open: boolean;
  doc: DocumentSummary | null;
  folders: DocumentFolder[];
  saving: boolean;
  onClose: () => void;
  /** Moves; resolves true when moved (the dialog then closes). null: Root. */
  onMove: (folderId: number | null) => Promise<boolean>;
}

export default function MoveDocumentDialog({ open, doc, folders, saving, onClose, onMove }: MoveDocumentDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const id = useId();
  const current: TreeValue = doc?.folderId ?? ROOT_VALUE;
  const [target, setTarget] = useState<TreeValue>(current);
  // Cheap to build; built on each render so Root's name follows the language.
  const data = treeData(folderTree(folders));

  // Opening (or the document's folder changing while open) starts from the current folder again;
  // adjusted during render rather than in an effect.
  const [shownFor, setShownFor] = useState({ open, current });
  if (shownFor.open !== open || shownFor.current !== current) {
    setShownFor({ open, current });
    if (open) setTarget(current);
  }

  const submit = async () => {
    if (saving || target === current) return;
    if (await onMove(target === ROOT_VALUE ? null : target)) onClose();
  };

  return (
    <Modal
      open={open}
      title={t('move.title')}
      okText={t('move.move')}
      cancelText={t('move.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: target === current }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {doc ? (
        <Form layout="vertical" style={{ marginTop: token.marginMD }}>
          <Typography.Paragraph style={{ marginTop: -token.marginXS }}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {doc.originalName}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('move.current', { folder: folderLabel(folders, doc.folderId) })}
            </Typography.Text>
          </Typography.Paragraph>
          <Form.Item label={t('move.destination')} htmlFor={id} style={{ marginBottom: 0 }}>
            <TreeSelect
              id={id}
              value={target}
              onChange={(value: TreeValue) => setTarget(value)}
              treeData={data}
              treeDefaultExpandAll
              treeIcon
              showSearch={{ treeNodeFilterProp: 'title' }}
              listHeight={320}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

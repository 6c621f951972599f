import type { ReactNode } from 'react';
import { Button, Modal, Typography, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../i18n';

export interface EditorModalProps {
  open: boolean;
  title: string;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  /** Shown on the footer's left (the live total, Add Category). */
  footerExtra?: ReactNode;
  children: ReactNode;
}

/** The four editors' dialog: a scrolling body, Save and Cancel, and room for a live figure in the footer. */
export function EditorModal({ open, title, saving, onSave, onClose, footerExtra, children }: EditorModalProps) {
  const { token } = theme.useToken();
  const t = useT();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={{ xs: '100%', sm: '94%', md: 760 }}
      destroyOnHidden
      styles={{
        body: { maxHeight: '65vh', overflowY: 'auto', paddingInlineEnd: token.paddingXXS, marginTop: token.marginSM },
      }}
      footer={
        <div className="aide-travel-editor-footer">
          <div className="aide-travel-editor-footer-extra">{footerExtra}</div>
          <div className="aide-travel-editor-footer-buttons">
            <Button onClick={onClose}>{t('editor.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={onSave}>
              {t('editor.save')}
            </Button>
          </div>
        </div>
      }
    >
      {children}
    </Modal>
  );
}

/** A category (or day) block inside an editor: its title, what sits beside it, its rows. */
export function EditorGroup({
  title,
  extra,
  children,
  onRemove,
  removeLabel,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  onRemove?: () => void;
  removeLabel?: string;
}) {
  const { token } = theme.useToken();
  return (
    <section className="aide-travel-editor-group" aria-label={typeof title === 'string' ? title : undefined}>
      <div className="aide-travel-editor-group-head">
        <Typography.Text strong style={{ fontSize: token.fontSize }}>
          {title}
        </Typography.Text>
        <span className="aide-travel-editor-group-extra">
          {extra}
          {onRemove ? (
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={removeLabel}
              title={removeLabel}
              onClick={onRemove}
            />
          ) : null}
        </span>
      </div>
      {children}
    </section>
  );
}

export function AddRowButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={onClick} className="aide-travel-add-row">
      {children}
    </Button>
  );
}

export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={label}
      title={label}
      onClick={onClick}
      className="aide-travel-remove-row"
    />
  );
}

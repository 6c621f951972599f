import { useId, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { checkCategoryName, TRAVEL_LIMITS, TRAVEL_MESSAGES } from '@aide/contracts';
import { messageText, useT } from '../i18n';

export interface AddCategoryDialogProps {
  open: boolean;
  /** 'Add Category', or 'Add Budget Category'. */
  title?: string;
  placeholder?: string;
  /** The categories already there (a name may not repeat, whatever its case). */
  existing: readonly string[];
  onAdd: (name: string) => void;
  onClose: () => void;
}

/** Spec §5: the name is trimmed and must not be blank (Add stays disabled until it is not) nor already there. */
export function AddCategoryDialog({ open, title, placeholder, existing, onAdd, onClose }: AddCategoryDialogProps) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Each opening starts blank (adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setName('');
      setError(null);
    }
  }

  const add = () => {
    const problem = checkCategoryName(name, existing);
    if (problem)
      return setError(
        problem === TRAVEL_MESSAGES.categoryRequired || problem === TRAVEL_MESSAGES.categoryExists
          ? messageText(problem)
          : t('addCategory.tooLong', { max: TRAVEL_LIMITS.categoryNameMax }),
      );
    onAdd(name.trim());
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title ?? t('addCategory.title')}
      okText={t('addCategory.add')}
      cancelText={t('addCategory.cancel')}
      okButtonProps={{ disabled: !name.trim() }}
      onOk={add}
      onCancel={onClose}
      width={{ xs: '100%', sm: 420 }}
      destroyOnHidden
      // Over the editor that opened it.
      zIndex={1100}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('addCategory.name')}
          htmlFor={id}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          style={{ marginBottom: 0 }}
        >
          <Input
            id={id}
            autoFocus
            value={name}
            placeholder={placeholder}
            maxLength={TRAVEL_LIMITS.categoryNameMax}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            onPressEnter={(event) => {
              event.preventDefault();
              if (name.trim()) add();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

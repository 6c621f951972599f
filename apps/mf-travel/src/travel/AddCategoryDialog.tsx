import { useId, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { checkCategoryName, TRAVEL_LIMITS } from '@aide/contracts';

export const ADD_CATEGORY_TEXT = {
  title: 'Add Category',
  name: 'Category name',
  add: 'Add',
  cancel: 'Cancel',
} as const;

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
export function AddCategoryDialog({
  open,
  title = ADD_CATEGORY_TEXT.title,
  placeholder,
  existing,
  onAdd,
  onClose,
}: AddCategoryDialogProps) {
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
    if (problem) return setError(problem);
    onAdd(name.trim());
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={ADD_CATEGORY_TEXT.add}
      cancelText={ADD_CATEGORY_TEXT.cancel}
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
          label={ADD_CATEGORY_TEXT.name}
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

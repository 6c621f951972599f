import { useState } from 'react';
import { Button, Checkbox, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { TRAVEL_LIMITS, type TravelPlan, type UpdateChecklistPayload } from '@aide/contracts';
import { AddCategoryDialog } from './AddCategoryDialog';
import {
  checklistDraft,
  checklistPayload,
  newChecklistRow,
  rowId,
  type ChecklistCategoryDraft,
  type ChecklistRow,
} from './editorModel';
import { useT } from '../i18n';
import { AddRowButton, EditorGroup, EditorModal, RemoveRowButton } from './EditorModal';

export interface ChecklistEditorProps {
  open: boolean;
  plan: TravelPlan | null;
  saving: boolean;
  onClose: () => void;
  onSave: (payload: UpdateChecklistPayload) => Promise<boolean>;
}

/** Spec §2/§5: per category, items with their text, required and completed marks; new ones are neither. */
export function ChecklistEditor({ open, plan, saving, onClose, onSave }: ChecklistEditorProps) {
  const t = useT();
  const [draft, setDraft] = useState<ChecklistCategoryDraft[]>([]);
  const [adding, setAdding] = useState(false);

  // Filled from the plan when it opens, adjusted during render; only the opening counts: a refetch
  // while editing must not wipe the user's changes.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && plan) setDraft(checklistDraft(plan.checklist));
  }

  const changeCategory = (id: string, change: (items: ChecklistRow[]) => ChecklistRow[]) =>
    setDraft((current) =>
      current.map((category) => (category.id === id ? { ...category, items: change(category.items) } : category)),
    );
  const setField = <K extends 'item' | 'required' | 'completed'>(
    categoryId: string,
    id: string,
    field: K,
    value: ChecklistRow[K],
  ) => changeCategory(categoryId, (items) => items.map((row) => (row.id === id ? { ...row, [field]: value } : row)));

  const save = async () => {
    if (!plan || saving) return;
    if (await onSave(checklistPayload(draft))) onClose();
  };

  return (
    <EditorModal
      open={open}
      title={t('checklistEditor.title')}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      footerExtra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('editor.addCategory')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {draft.length ? t('checklistEditor.hint') : t('checklistEditor.noCategories')}
      </Typography.Paragraph>
      {draft.map((category) => (
        <EditorGroup
          key={category.id}
          title={category.name}
          onRemove={() => setDraft((current) => current.filter((c) => c.id !== category.id))}
          removeLabel={t('editor.removeCategory', { name: category.name })}
        >
          {category.items.length ? (
            <ul className="aide-travel-editor-rows">
              {category.items.map((row, index) => (
                <li key={row.id} className="aide-travel-editor-row aide-travel-check-row">
                  <Input
                    aria-label={t('checklistEditor.itemField', { category: category.name, n: index + 1 })}
                    placeholder={t('checklistEditor.itemPlaceholder')}
                    value={row.item}
                    maxLength={TRAVEL_LIMITS.nameMax}
                    onChange={(event) => setField(category.id, row.id, 'item', event.target.value)}
                  />
                  <Checkbox
                    checked={row.required}
                    aria-label={t('checklistEditor.requiredField', { category: category.name, n: index + 1 })}
                    onChange={(event) => setField(category.id, row.id, 'required', event.target.checked)}
                  >
                    {t('checklistEditor.required')}
                  </Checkbox>
                  <Checkbox
                    checked={row.completed}
                    aria-label={t('checklistEditor.completedField', { category: category.name, n: index + 1 })}
                    onChange={(event) => setField(category.id, row.id, 'completed', event.target.checked)}
                  >
                    {t('checklistEditor.completed')}
                  </Checkbox>
                  <RemoveRowButton
                    label={t('checklistEditor.remove', { category: category.name, n: index + 1 })}
                    onClick={() => changeCategory(category.id, (items) => items.filter((r) => r.id !== row.id))}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary" className="aide-travel-editor-empty">
              {t('checklistEditor.noItems')}
            </Typography.Text>
          )}
          <AddRowButton
            onClick={() =>
              changeCategory(category.id, (items) =>
                items.length >= TRAVEL_LIMITS.itemsPerCategoryMax ? items : [...items, newChecklistRow()],
              )
            }
          >
            {t('editor.addItem')}
          </AddRowButton>
        </EditorGroup>
      ))}
      <AddCategoryDialog
        open={adding}
        placeholder={t('checklistEditor.categoryPlaceholder')}
        existing={draft.map((category) => category.name)}
        onAdd={(name) => setDraft((current) => [...current, { id: rowId(), name, items: [] }])}
        onClose={() => setAdding(false)}
      />
    </EditorModal>
  );
}

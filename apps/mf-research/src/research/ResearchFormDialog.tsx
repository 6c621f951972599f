import { useEffect } from 'react';
import { Controller, useForm, type Control, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Select, theme } from 'antd';
import {
  commaSeparatedTags,
  RESEARCH_CATEGORIES,
  RESEARCH_LIMITS,
  researchEditFormSchema,
  researchFormSchema,
  type ResearchCategory,
  type ResearchEditForm,
  type ResearchForm,
  type ResearchReport,
} from '@aide/contracts';
import { isEditingField, useFormFields } from '@aide/ui';
import { useT } from '../i18n';
import { localizedItem } from './formErrors';
import { categoryLabel } from './researchView';

/** The Select cannot show '' as a choice: 'None' travels as this value. */
const NONE = '__none__';

/** The form's values for a report (tags as the comma-separated text the user edits). */
export const formValues = (report: ResearchReport | null): ResearchForm => ({
  topic: report?.topic ?? '',
  category: report?.category ?? '',
  tags: report?.tags?.join(', ') ?? '',
});

/** What the API takes from the form: no category is null, tags are a list or null (spec §5). */
export const toParameters = (values: Pick<ResearchForm, 'category' | 'tags'>) => ({
  category: (values.category || null) as ResearchCategory | null,
  tags: commaSeparatedTags(values.tags),
});

type AnyForm = ResearchForm | ResearchEditForm;

/** The fields both forms share; `control` is either form's (both have category and tags). */
function CategoryAndTags({
  control,
  errors,
  idFor,
}: {
  control: Control<ResearchEditForm>;
  errors: FieldErrors<AnyForm>;
  idFor: (name: 'category' | 'tags') => string;
}) {
  const t = useT();
  const { itemProps } = useFormFields<'category' | 'tags'>(errors);
  const tagsItem = localizedItem(itemProps('tags'), t);
  const categoryOptions = [
    { value: NONE, label: t('form.none') },
    ...RESEARCH_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
  ];
  return (
    <>
      <Form.Item label={t('form.category')} {...localizedItem(itemProps('category'), t)} htmlFor={idFor('category')}>
        <Controller
          name="category"
          control={control}
          render={({ field }) => (
            <Select
              id={idFor('category')}
              ref={field.ref}
              value={field.value || NONE}
              onChange={(value: string) => field.onChange(value === NONE ? '' : value)}
              onBlur={field.onBlur}
              options={categoryOptions}
              listHeight={320}
              virtual={false}
            />
          )}
        />
      </Form.Item>
      <Form.Item
        label={t('form.tags')}
        {...tagsItem}
        htmlFor={idFor('tags')}
        extra={tagsItem.help ? undefined : t('form.tagsHelp')}
        style={{ marginBottom: 0 }}
      >
        <Controller
          name="tags"
          control={control}
          render={({ field }) => (
            <Input {...field} id={idFor('tags')} placeholder={t('form.tagsPlaceholder')} autoComplete="off" />
          )}
        />
      </Form.Item>
    </>
  );
}

export interface ResearchFormDialogProps {
  open: boolean;
  /** 'start' a new report, or 'rerun' `report` with the form prefilled from it. */
  mode: 'start' | 'rerun';
  report: ResearchReport | null;
  saving: boolean;
  onClose: () => void;
  /** After the dialog has gone (where the focus goes back to). */
  afterClose?: () => void;
  /** Resolves true when it worked (the dialog then closes), false to stay open. */
  onSubmit: (values: { topic: string; category: ResearchCategory | null; tags: string[] | null }) => Promise<boolean>;
}

/** The Start Research dialog, and the Rerun dialog (the same form, prefilled). */
export function ResearchFormDialog({
  open,
  mode,
  report,
  saving,
  onClose,
  afterClose,
  onSubmit,
}: ResearchFormDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ResearchForm>({
    resolver: zodResolver(researchFormSchema),
    defaultValues: formValues(mode === 'rerun' ? report : null),
  });
  const { idFor, itemProps } = useFormFields<keyof ResearchForm>(errors);

  useEffect(() => {
    if (open) reset(formValues(mode === 'rerun' ? report : null));
  }, [open, mode, report, reset]);

  const submit = handleSubmit(async (values) => {
    if (saving) return;
    if (await onSubmit({ topic: values.topic.trim(), ...toParameters(values) })) onClose();
  });

  const rerun = mode === 'rerun';
  const topicItem = localizedItem(itemProps('topic'), t);
  return (
    <Modal
      open={open}
      title={rerun ? t('form.rerunTitle') : t('form.startTitle')}
      okText={rerun ? t('form.rerun') : t('form.start')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={afterClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('topic')}
      width={{ xs: '100%', sm: '92%', md: 560 }}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        <Form.Item
          label={t('form.topic')}
          required
          {...topicItem}
          extra={topicItem.help ? undefined : rerun ? t('form.rerunHelp') : t('form.topicHelp')}
        >
          <Controller
            name="topic"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id={idFor('topic')}
                placeholder={t('form.topicPlaceholder')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={RESEARCH_LIMITS.topicMax}
                aria-required
                // Enter starts the research; Shift+Enter is a new line.
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    void submit();
                  }
                }}
              />
            )}
          />
        </Form.Item>
        <CategoryAndTags control={control as unknown as Control<ResearchEditForm>} errors={errors} idFor={idFor} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

export interface EditResearchDialogProps {
  open: boolean;
  report: ResearchReport | null;
  saving: boolean;
  onClose: () => void;
  /** After the dialog has gone (where the focus goes back to). */
  afterClose?: () => void;
  onSave: (payload: { category: ResearchCategory | null; tags: string[] | null }) => Promise<boolean>;
}

/** The edit dialog: category and tags (PATCH /api/research/:id). */
export function EditResearchDialog({ open, report, saving, onClose, afterClose, onSave }: EditResearchDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ResearchEditForm>({ resolver: zodResolver(researchEditFormSchema), defaultValues: formValues(report) });
  const { idFor } = useFormFields<keyof ResearchEditForm>(errors);

  useEffect(() => {
    if (open) reset({ category: formValues(report).category, tags: formValues(report).tags });
  }, [open, report, reset]);

  const submit = handleSubmit(async (values) => {
    if (saving) return;
    if (await onSave(toParameters(values))) onClose();
  });

  return (
    <Modal
      open={open}
      title={t('form.editTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={afterClose}
      width={{ xs: '100%', sm: '92%', md: 520 }}
      destroyOnHidden
    >
      {report ? (
        <p style={{ marginTop: token.marginSM, color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>
          {report.topic}
        </p>
      ) : null}
      <Form layout="vertical" style={{ marginTop: token.marginSM }} onFinish={() => void submit()}>
        <CategoryAndTags control={control} errors={errors} idFor={idFor} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

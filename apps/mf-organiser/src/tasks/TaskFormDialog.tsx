import { useEffect } from 'react';
import { Controller, useForm, useWatch, type FieldPath, type RefCallBack } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Modal, Radio, Row, Select, theme } from 'antd';
import dayjs from 'dayjs';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import {
  TASK_PRIORITIES,
  TASK_RECURRENCE_MODES,
  TASK_STATUSES,
  taskFormSchema,
  taskFormToPayload,
  translateMessage,
  type Task,
  type TaskFormValues,
} from '@aide/contracts';
import { useLocale } from '@aide/i18n';
import { useHost } from '@aide/module-kit';
import { DateStringPicker, SourceLink, useFormFields } from '@aide/ui';
import { t as translate, useT } from '../i18n';
import { useT as useExtraT } from '../i18n/tasks-extra';
import { RepeatEditor } from '../shared/repeat';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { announceNextOccurrence } from './nextOccurrence';
import { SubtaskList } from './SubtaskList';
import { PRIORITY_LABELS, STATUS_LABELS } from './taskLabels';
import { NO_REMINDER, REMINDER_CHOICES, reminderLabel } from './taskReminders';
import { useCreateTask, useUpdateTask } from './useTasks';

/** The due date is edited as a local date-time and kept in the form as an ISO instant. */
const DUE_DATE_FORMAT = 'YYYY-MM-DD HH:mm';
/** Picking a day sets this time, so a task due today is not overdue from midnight on. */
const DEFAULT_DUE_TIME = dayjs('17:00', 'HH:mm');

/** Spec §9: new tasks default to medium priority and start pending. */
/** An antd Select bound to a react-hook-form field. */
function SelectInput<V extends string>({
  field: { ref, value, onChange, onBlur },
  id,
  options,
}: {
  field: { ref: RefCallBack; value: V; onChange: (value: V) => void; onBlur: () => void };
  id: string;
  options: { value: V; label: string }[];
}) {
  return <Select id={id} ref={ref} value={value} onChange={onChange} onBlur={onBlur} options={options} />;
}

function toFormValues(task: Task | null | undefined): TaskFormValues {
  const due = task?.dueDate ? dayjs(task.dueDate) : null;
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    priority: task?.priority ?? 'medium',
    status: task?.status ?? 'pending',
    dueDate: due?.isValid() ? due.toISOString() : '',
    category: task?.category ?? '',
    recurrence: task?.recurrence ?? '',
    recurrenceMode: task?.recurrenceMode ?? 'on_completion',
    reminderMinutes: task?.reminderMinutes ?? null,
    subtasks: task?.subtasks ?? [],
  };
}

export interface TaskFormDialogProps {
  open: boolean;
  /** The task to edit; absent to create one. */
  task?: Task | null;
  /** What a new task starts with instead of the defaults (quick add's "Edit details"); not used when editing. */
  initialValues?: Partial<TaskFormValues>;
  onClose: () => void;
}

export function TaskFormDialog({ open, task, initialValues, onClose }: TaskFormDialogProps) {
  const { toast, user } = useHost();
  const { token } = theme.useToken();
  const t = useT();
  const tx = useExtraT();
  const locale = useLocale();
  const { timezone } = useProfileTimezone();
  // Built per render: the labels follow the language.
  const priorityOptions = TASK_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));
  const statusOptions = TASK_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
  const reminderOptions = REMINDER_CHOICES.map((minutes) => ({
    value: minutes ?? NO_REMINDER,
    label: reminderLabel(minutes, tx),
  }));
  const modeOptions = TASK_RECURRENCE_MODES.map((value) => ({
    value,
    label: tx(value === 'on_completion' ? 'form.nextOnCompletion' : 'form.nextOnSchedule'),
  }));
  const queryClient = useQueryClient();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const isEdit = Boolean(task);
  const pending = createTask.isPending || updateTask.isPending;

  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: { ...toFormValues(task), ...(task ? {} : initialValues) },
  });

  useEffect(() => {
    if (open) reset({ ...toFormValues(task), ...(task ? {} : initialValues) });
  }, [open, task, initialValues, reset]);

  const submit = handleSubmit(async (values) => {
    if (pending) return;
    try {
      if (task) {
        // Spec §7: an edit sends the whole form plus the id.
        await updateTask.mutateAsync({ id: task.id, payload: { ...taskFormToPayload(values, 'edit'), id: task.id } });
        toast({ title: translate('tasks.form.updated') });
        // Completed here, a repeating task brings its next one too.
        if (task.recurrence && task.status !== 'completed' && values.status === 'completed')
          announceNextOccurrence(queryClient, task, toast);
      } else {
        // The API takes the owner from the session; the id is sent for the spec's payload shape.
        await createTask.mutateAsync({ ...taskFormToPayload(values, 'create'), userId: user.id });
        toast({ title: translate('tasks.form.created') });
      }
      onClose();
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (isUnauthorizedError(error)) return;
      toast({
        title: translate(task ? 'tasks.form.updateFailed' : 'tasks.form.createFailed'),
        description: errorDetail(error),
        variant: 'destructive',
      });
    }
  });

  const { idFor, itemProps } = useFormFields<FieldPath<TaskFormValues>>(errors);
  const [dueDate, recurrence, recurrenceMode] = useWatch({
    control,
    name: ['dueDate', 'recurrence', 'recurrenceMode'],
  });
  // The rule repeats from the due date, read in the profile timezone (as the API does).
  const repeatStart = (dueDate ? dayjs(dueDate) : dayjs()).tz(timezone);
  // A list-level message (too many, duplicate ids) or the first step's own.
  const subtaskError =
    errors.subtasks?.message ??
    errors.subtasks?.root?.message ??
    (Array.isArray(errors.subtasks) ? errors.subtasks.find((e) => e?.title)?.title?.message : undefined);

  return (
    <Modal
      open={open}
      title={t(isEdit ? 'tasks.form.editTitle' : 'tasks.form.createTitle')}
      okText={t(isEdit ? 'tasks.form.editOk' : 'tasks.form.createOk')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      // Focus Title once open, unless the user already clicked into another field while it opened
      // (moving focus then would close a date picker they just opened).
      afterOpenChange={(visible) => visible && !document.activeElement?.closest('.ant-modal form') && setFocus('title')}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }}>
        <SourceLink
          sourceEmailId={task?.sourceEmailId}
          sourceDocumentId={task?.sourceDocumentId}
          onNavigate={onClose}
        />
        <Form.Item label={t('tasks.form.title')} required {...itemProps('title')}>
          <Controller
            name="title"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('title')}
                placeholder={t('tasks.form.titlePlaceholder')}
                aria-required
                onPressEnter={(e) => {
                  if (!e.nativeEvent.isComposing) void submit();
                }}
              />
            )}
          />
        </Form.Item>

        <Form.Item label={t('tasks.form.description')} {...itemProps('description')}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id={idFor('description')}
                placeholder={t('tasks.form.descriptionPlaceholder')}
                autoSize={{ minRows: 3, maxRows: 8 }}
              />
            )}
          />
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} sm={isEdit ? 12 : 24}>
            <Form.Item label={t('tasks.form.priority')} {...itemProps('priority')}>
              <Controller
                name="priority"
                control={control}
                render={({ field }) => <SelectInput field={field} id={idFor('priority')} options={priorityOptions} />}
              />
            </Form.Item>
          </Col>
          {isEdit ? (
            <Col xs={24} sm={12}>
              <Form.Item label={t('tasks.form.status')} {...itemProps('status')}>
                <Controller
                  name="status"
                  control={control}
                  render={({ field }) => <SelectInput field={field} id={idFor('status')} options={statusOptions} />}
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>

        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('tasks.form.dueDate')} {...itemProps('dueDate')}>
              <Controller
                name="dueDate"
                control={control}
                render={({ field }) => (
                  <DateStringPicker
                    id={idFor('dueDate')}
                    ref={field.ref}
                    showTime={{ format: 'HH:mm', defaultValue: DEFAULT_DUE_TIME }}
                    format={DUE_DATE_FORMAT}
                    placeholder={t('tasks.form.dueDatePlaceholder')}
                    value={field.value}
                    onChange={(date) => field.onChange(date ? date.toISOString() : '')}
                    onBlur={field.onBlur}
                    style={{ width: '100%' }}
                  />
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('tasks.form.category')} {...itemProps('category')}>
              <Controller
                name="category"
                control={control}
                render={({ field }) => (
                  <Input {...field} id={idFor('category')} placeholder={t('tasks.form.categoryPlaceholder')} />
                )}
              />
            </Form.Item>
          </Col>
        </Row>

        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label={tx('form.repeat')}
              {...itemProps('recurrence')}
              help={itemProps('recurrence').help ?? (recurrence && !dueDate ? tx('form.repeatNeedsDue') : undefined)}
            >
              <Controller
                name="recurrence"
                control={control}
                render={({ field }) => (
                  <RepeatEditor
                    id={idFor('recurrence')}
                    value={field.value || null}
                    start={repeatStart}
                    onChange={(rule) => field.onChange(rule ?? '')}
                  />
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={tx('form.remind')} {...itemProps('reminderMinutes')}>
              <Controller
                name="reminderMinutes"
                control={control}
                render={({ field }) => (
                  <Select
                    id={idFor('reminderMinutes')}
                    ref={field.ref}
                    value={field.value ?? NO_REMINDER}
                    onChange={(value: number) => field.onChange(value === NO_REMINDER ? null : value)}
                    onBlur={field.onBlur}
                    options={reminderOptions}
                  />
                )}
              />
            </Form.Item>
          </Col>
        </Row>

        {recurrence ? (
          <Form.Item
            label={tx('form.nextComes')}
            {...itemProps('recurrenceMode')}
            extra={tx(recurrenceMode === 'on_schedule' ? 'form.nextOnScheduleHelp' : 'form.nextOnCompletionHelp')}
          >
            <Controller
              name="recurrenceMode"
              control={control}
              render={({ field }) => (
                <Radio.Group
                  id={idFor('recurrenceMode')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  options={modeOptions}
                  optionType="button"
                />
              )}
            />
          </Form.Item>
        ) : null}

        <Form.Item
          label={tx('subtasks.label')}
          htmlFor={idFor('subtasks')}
          validateStatus={subtaskError ? 'error' : undefined}
          help={subtaskError ? translateMessage(subtaskError, locale) : undefined}
        >
          <Controller
            name="subtasks"
            control={control}
            render={({ field }) => (
              <SubtaskList
                id={idFor('subtasks')}
                value={(field.value ?? []).map((s) => ({ ...s, done: s.done ?? false }))}
                onChange={field.onChange}
              />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

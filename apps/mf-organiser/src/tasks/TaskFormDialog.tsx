import { useEffect } from 'react';
import { Controller, useForm, type FieldPath, type RefCallBack } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, DatePicker, Form, Input, Modal, Row, Select, theme } from 'antd';
import dayjs from 'dayjs';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  taskFormSchema,
  taskFormToPayload,
  type Task,
  type TaskFormValues,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useFormFields } from '@aide/ui';
import { t as translate, useT } from '../i18n';
import { PRIORITY_LABELS, STATUS_LABELS } from './taskLabels';
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
  // Built per render: the labels follow the language.
  const priorityOptions = TASK_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));
  const statusOptions = TASK_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
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
                  <DatePicker
                    id={idFor('dueDate')}
                    ref={field.ref}
                    showTime={{ format: 'HH:mm', defaultValue: DEFAULT_DUE_TIME }}
                    format={DUE_DATE_FORMAT}
                    placeholder={t('tasks.form.dueDatePlaceholder')}
                    value={field.value ? dayjs(field.value) : null}
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
      </Form>
    </Modal>
  );
}

import { useEffect } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Col, DatePicker, Flex, Form, Input, Modal, Row, Select, theme } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { EVENT_TYPES, eventFormSchema, type CalendarEvent, type EventFormValues } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useConfirm, useFormFields } from '@aide/ui';
import { LOCAL_DATETIME_FORMAT, dayjs, fromLocalInput, toLocalInput } from '../shared/time';
import { EVENT_TYPE_LABELS } from './eventLabels';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from './useEvents';

// Spec §2, §5 and §8 texts.
const TEXT = {
  createTitle: 'Add Event',
  editTitle: 'Edit Event',
  createOk: 'Create Event',
  editOk: 'Save Changes',
  created: 'Event created successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
  createFailed: 'Failed to create event',
  updateFailed: 'Failed to update event',
  deleteFailed: 'Failed to delete event',
  confirmDelete: 'Are you sure you want to delete this event?',
} as const;

/** Shown in the pickers; the form value itself is the spec's 16-character 'YYYY-MM-DDTHH:mm'. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';
const DEFAULT_START_HOUR = 9;

const typeOptions = EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));

/** A new event starts at the next whole hour today, or at 09:00 on another day, and lasts an hour. */
function newEventTimes(dayKey: string, tz: string) {
  const now = dayjs().tz(tz);
  const start =
    dayKey === now.format('YYYY-MM-DD')
      ? now.add(1, 'hour').startOf('hour')
      : dayjs.tz(dayKey, tz).hour(DEFAULT_START_HOUR);
  return {
    startTime: start.format(LOCAL_DATETIME_FORMAT),
    endTime: start.add(1, 'hour').format(LOCAL_DATETIME_FORMAT),
  };
}

function toFormValues(event: CalendarEvent | null | undefined, dayKey: string, tz: string): EventFormValues {
  if (!event) return { title: '', description: '', type: 'meeting', location: '', ...newEventTimes(dayKey, tz) };
  return {
    title: event.title,
    description: event.description ?? '',
    type: event.type,
    startTime: toLocalInput(event.startTime, tz),
    endTime: toLocalInput(event.endTime, tz),
    location: event.location ?? '',
  };
}

export interface EventFormDialogProps {
  open: boolean;
  /** The event to edit; absent to add one. */
  event?: CalendarEvent | null;
  /** The day a new event is placed on ('YYYY-MM-DD'). */
  dayKey: string;
  /** The profile timezone the form's local times are in. */
  timezone: string;
  onClose: () => void;
}

export function EventFormDialog({ open, event, dayKey, timezone, onClose }: EventFormDialogProps) {
  const { toast, user } = useHost();
  const { token } = theme.useToken();
  const confirm = useConfirm();
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const isEdit = Boolean(event);
  const pending = createEvent.isPending || updateEvent.isPending;

  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: toFormValues(event, dayKey, timezone),
  });

  useEffect(() => {
    if (open) reset(toFormValues(event, dayKey, timezone));
  }, [open, event, dayKey, timezone, reset]);

  const fail = (title: string, error: unknown) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (isUnauthorizedError(error)) return;
    toast({ title: 'Error', description: `${title}: ${errorDetail(error)}`, variant: 'destructive' });
  };

  // The resolver hands over the schema's output: title, description and location already trimmed.
  const submit = handleSubmit(async (values) => {
    if (pending) return;
    // Spec §5: description and location are sent empty when blank; times go out as UTC instants.
    const payload = {
      title: values.title,
      description: values.description,
      type: values.type,
      location: values.location,
      startTime: fromLocalInput(values.startTime, timezone),
      endTime: fromLocalInput(values.endTime, timezone),
    };
    try {
      if (event) {
        // Spec §7: an edit sends the event's fields plus its id.
        await updateEvent.mutateAsync({ id: event.id, payload: { ...payload, id: event.id } });
        toast({ title: TEXT.updated });
      } else {
        // The API takes the owner from the session; the id is sent for the spec's payload shape.
        await createEvent.mutateAsync({ ...payload, userId: user.id });
        toast({ title: TEXT.created });
      }
      onClose();
    } catch (error) {
      fail(event ? TEXT.updateFailed : TEXT.createFailed, error);
    }
  });

  const remove = async () => {
    if (!event) return;
    const confirmed = await confirm({
      title: TEXT.confirmDelete,
      content: event.title,
      okText: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteEvent.mutateAsync(event.id);
      toast({ title: TEXT.deleted });
      onClose();
    } catch (error) {
      fail(TEXT.deleteFailed, error);
    }
  };

  /** Moving the start past the end drags the end along, keeping an hour. */
  const onStartChange = (start: string, onChange: (v: string) => void) => {
    onChange(start);
    const end = getValues('endTime');
    if (start && (!end || end <= start)) {
      setValue('endTime', dayjs(start).add(1, 'hour').format(LOCAL_DATETIME_FORMAT), {
        shouldValidate: Boolean(errors.endTime),
      });
    }
  };

  const { idFor, itemProps } = useFormFields<FieldPath<EventFormValues>>(errors);

  const dateTimeField = (name: 'startTime' | 'endTime', label: string) => (
    <Form.Item label={label} required {...itemProps(name)}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <DatePicker
            id={idFor(name)}
            ref={field.ref}
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format={PICKER_FORMAT}
            placeholder="Select date and time"
            aria-required
            value={field.value ? dayjs(field.value) : null}
            onChange={(date) => {
              const next = date ? date.format(LOCAL_DATETIME_FORMAT) : '';
              if (name === 'startTime') onStartChange(next, field.onChange);
              else field.onChange(next);
            }}
            onBlur={field.onBlur}
            style={{ width: '100%' }}
          />
        )}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={isEdit ? TEXT.editTitle : TEXT.createTitle}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !document.activeElement?.closest('.ant-modal form') && setFocus('title')}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={token.marginXS} wrap>
          <span>
            {isEdit ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => void remove()} loading={deleteEvent.isPending}>
                Delete
              </Button>
            ) : null}
          </span>
          <Flex gap={token.marginXS}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={pending} onClick={() => void submit()}>
              {isEdit ? TEXT.editOk : TEXT.createOk}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }}>
        <Form.Item label="Title" required {...itemProps('title')}>
          <Controller
            name="title"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('title')}
                placeholder="e.g. Team stand-up"
                aria-required
                onPressEnter={(e) => {
                  if (!e.nativeEvent.isComposing) void submit();
                }}
              />
            )}
          />
        </Form.Item>

        <Form.Item label="Type" {...itemProps('type')}>
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('type')}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={typeOptions}
              />
            )}
          />
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} sm={12}>
            {dateTimeField('startTime', 'Start time')}
          </Col>
          <Col xs={24} sm={12}>
            {dateTimeField('endTime', 'End time')}
          </Col>
        </Row>

        <Form.Item label="Location" {...itemProps('location')}>
          <Controller
            name="location"
            control={control}
            render={({ field }) => <Input {...field} id={idFor('location')} placeholder="Where (optional)" />}
          />
        </Form.Item>

        <Form.Item label="Description" {...itemProps('description')} style={{ marginBottom: 0 }}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id={idFor('description')}
                placeholder="Add details (optional)"
                autoSize={{ minRows: 3, maxRows: 8 }}
              />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

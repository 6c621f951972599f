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
import { t as translate, useT } from '../i18n';
import { EVENT_TYPE_LABELS } from './eventLabels';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from './useEvents';

/** Shown in the pickers; the form value itself is the spec's 16-character 'YYYY-MM-DDTHH:mm'. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';
const DEFAULT_START_HOUR = 9;

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
  /** What a new event starts with instead of the defaults (quick add's "Edit details"); not used when editing. */
  initialValues?: Partial<EventFormValues>;
  onClose: () => void;
}

export function EventFormDialog({ open, event, dayKey, timezone, initialValues, onClose }: EventFormDialogProps) {
  const { toast, user } = useHost();
  const { token } = theme.useToken();
  const t = useT();
  const confirm = useConfirm();
  // Built per render: the labels follow the language.
  const typeOptions = EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));
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
    defaultValues: { ...toFormValues(event, dayKey, timezone), ...(event ? {} : initialValues) },
  });

  useEffect(() => {
    if (open) reset({ ...toFormValues(event, dayKey, timezone), ...(event ? {} : initialValues) });
  }, [open, event, dayKey, timezone, initialValues, reset]);

  const fail = (message: string, error: unknown) => {
    // A 401 is already announced by the shell, which sends the user to sign in.
    if (isUnauthorizedError(error)) return;
    toast({
      title: translate('common.error'),
      description: translate('common.errorWithDetail', { message, detail: errorDetail(error) }),
      variant: 'destructive',
    });
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
        toast({ title: translate('calendar.form.updated') });
      } else {
        // The API takes the owner from the session; the id is sent for the spec's payload shape.
        await createEvent.mutateAsync({ ...payload, userId: user.id });
        toast({ title: translate('calendar.form.created') });
      }
      onClose();
    } catch (error) {
      fail(translate(event ? 'calendar.form.updateFailed' : 'calendar.form.createFailed'), error);
    }
  });

  const remove = async () => {
    if (!event) return;
    const confirmed = await confirm({
      title: translate('calendar.form.confirmDelete'),
      content: event.title,
      okText: translate('common.delete'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deleteEvent.mutateAsync(event.id);
      toast({ title: translate('calendar.form.deleted') });
      onClose();
    } catch (error) {
      fail(translate('calendar.form.deleteFailed'), error);
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
            placeholder={t('calendar.form.datePlaceholder')}
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
      title={t(isEdit ? 'calendar.form.editTitle' : 'calendar.form.createTitle')}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !document.activeElement?.closest('.ant-modal form') && setFocus('title')}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={token.marginXS} wrap>
          <span>
            {isEdit ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => void remove()} loading={deleteEvent.isPending}>
                {t('common.delete')}
              </Button>
            ) : null}
          </span>
          <Flex gap={token.marginXS}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={pending} onClick={() => void submit()}>
              {t(isEdit ? 'calendar.form.editOk' : 'calendar.form.createOk')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }}>
        <Form.Item label={t('calendar.form.title')} required {...itemProps('title')}>
          <Controller
            name="title"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('title')}
                placeholder={t('calendar.form.titlePlaceholder')}
                aria-required
                onPressEnter={(e) => {
                  if (!e.nativeEvent.isComposing) void submit();
                }}
              />
            )}
          />
        </Form.Item>

        <Form.Item label={t('calendar.form.type')} {...itemProps('type')}>
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
            {dateTimeField('startTime', t('calendar.form.start'))}
          </Col>
          <Col xs={24} sm={12}>
            {dateTimeField('endTime', t('calendar.form.end'))}
          </Col>
        </Row>

        <Form.Item label={t('calendar.form.location')} {...itemProps('location')}>
          <Controller
            name="location"
            control={control}
            render={({ field }) => (
              <Input {...field} id={idFor('location')} placeholder={t('calendar.form.locationPlaceholder')} />
            )}
          />
        </Form.Item>

        <Form.Item label={t('calendar.form.description')} {...itemProps('description')} style={{ marginBottom: 0 }}>
          <Controller
            name="description"
            control={control}
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id={idFor('description')}
                placeholder={t('calendar.form.descriptionPlaceholder')}
                autoSize={{ minRows: 3, maxRows: 8 }}
              />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

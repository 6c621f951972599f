import { useEffect } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Input, Modal, Row, Select, theme } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { endpointQuery, errorDetail, isUnauthorizedError } from '@aide/api-client';
import {
  EVENT_TYPES,
  eventFormSchema,
  PROFILE_DEFAULTS,
  profileEndpoints,
  type CalendarEvent,
  type EventFormOutput,
  type EventFormValues,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { datePickerIn, DateStringPicker, SourceLink, useConfirm, useFormFields } from '@aide/ui';
import { LOCAL_DATETIME_FORMAT, dayjs } from '../shared/time';
import { RepeatEditor } from '../shared/repeat';
import { t as translate, useT } from '../i18n';
import { useT as useCalendarT } from '../i18n/calendar-extra';
import { EVENT_TYPE_LABELS } from './eventLabels';
import { createPayload, isOccurrence, scopeQuery, toFormValues, updatePayload } from './eventFormPayload';
import { reminderKey, reminderOptions, remindersOf } from './reminders';
import { useScopeDialog } from './ScopeDialog';
import { TaskBlockLink } from './TaskBlockLink';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from './useEvents';

/** Shown in the pickers; the form value itself is the spec's 16-character 'YYYY-MM-DDTHH:mm'. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

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
  const tc = useCalendarT();
  const confirm = useConfirm();
  const scopeDialog = useScopeDialog();
  const profile = useQuery(endpointQuery(profileEndpoints.get));
  const profileReminder = profile.data ? profile.data.eventReminderMinutes : PROFILE_DEFAULTS.eventReminderMinutes;
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
  } = useForm<EventFormValues, unknown, EventFormOutput>({
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
    try {
      if (event) {
        // An occurrence of a repeating event asks which events the change is for; "This event" makes
        // no sense for a new repeat rule, which applies from here on or to the whole series.
        let scope;
        if (isOccurrence(event)) {
          const ruleChanged = (values.recurrence || null) !== (event.recurrence ?? null);
          const chosen = await scopeDialog.ask({ action: 'edit', allowThis: !ruleChanged });
          if (!chosen) return;
          scope = scopeQuery(event, chosen);
        }
        // Spec §7: an edit sends the event's fields plus its id (an occurrence: what changed).
        const payload = updatePayload(values, event, timezone, scope?.scope);
        await updateEvent.mutateAsync({ id: event.id, payload, scope });
        toast({ title: translate('calendar.form.updated') });
      } else {
        // The API takes the owner from the session; the id is sent for the spec's payload shape.
        await createEvent.mutateAsync({ ...createPayload(values, timezone), userId: user.id });
        toast({ title: translate('calendar.form.created') });
      }
      onClose();
    } catch (error) {
      fail(translate(event ? 'calendar.form.updateFailed' : 'calendar.form.createFailed'), error);
    }
  });

  const remove = async () => {
    if (!event) return;
    let scope;
    if (isOccurrence(event)) {
      // The scope question is the confirmation: it names what goes.
      const chosen = await scopeDialog.ask({ action: 'delete' });
      if (!chosen) return;
      scope = scopeQuery(event, chosen);
    } else {
      const confirmed = await confirm({
        title: translate('calendar.form.confirmDelete'),
        content: event.title,
        okText: translate('common.delete'),
        danger: true,
      });
      if (!confirmed) return;
    }
    try {
      await deleteEvent.mutateAsync({ id: event.id, scope });
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
  // The repeat editor's presets and defaults read the start ("Weekly on Thursday").
  const startValue = useWatch({ control, name: 'startTime' });
  const repeatStart = startValue ? dayjs.tz(startValue, timezone) : dayjs().tz(timezone);

  const dateTimeField = (name: 'startTime' | 'endTime', label: string) => (
    <Form.Item label={label} required {...itemProps(name)}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <DateStringPicker
            id={idFor(name)}
            ref={field.ref}
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format={PICKER_FORMAT}
            placeholder={t('calendar.form.datePlaceholder')}
            aria-required
            value={field.value}
            component={datePickerIn(timezone)}
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
        {event?.taskId ? <TaskBlockLink event={event} onNavigate={onClose} /> : null}
        <SourceLink sourceEmailId={event?.sourceEmailId} onNavigate={onClose} />
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

        <Form.Item label={tc('form.repeat')} {...itemProps('recurrence')}>
          <Controller
            name="recurrence"
            control={control}
            render={({ field }) => (
              <RepeatEditor
                id={idFor('recurrence')}
                value={field.value || null}
                onChange={(rule) => field.onChange(rule ?? '')}
                start={repeatStart}
                timezone={timezone}
              />
            )}
          />
        </Form.Item>

        <Form.Item label={tc('form.reminder')} {...itemProps('reminders')}>
          <Controller
            name="reminders"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('reminders')}
                ref={field.ref}
                value={reminderKey(field.value)}
                onChange={(key: string) => field.onChange(remindersOf(key))}
                onBlur={field.onBlur}
                options={reminderOptions(profileReminder, field.value ?? null)}
              />
            )}
          />
        </Form.Item>

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
      {scopeDialog.dialog}
    </Modal>
  );
}

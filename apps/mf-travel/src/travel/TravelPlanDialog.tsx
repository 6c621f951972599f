import { type KeyboardEvent, useEffect, useEffectEvent, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import {
  addInterest,
  TRAVEL_DEFAULTS,
  TRAVEL_LIMITS,
  TRAVEL_STYLES,
  travelPlanFormSchema,
  travelPlanPayload,
  type CreateTravelPlanPayload,
  type TravelPlan,
  type TravelPlanForm,
} from '@aide/contracts';
import { isEditingField, TagEntry, TagList, useFormFields } from '@aide/ui';
import { messageText, useT } from '../i18n';

type Field = keyof TravelPlanForm;

/** The form's values for a plan (empty for a new one). */
export const planFormValues = (plan: TravelPlan | null): TravelPlanForm => ({
  destination: plan?.destination ?? '',
  budget: plan?.preferences.budget ?? '',
  startDate: plan?.startDate ?? '',
  endDate: plan?.endDate ?? '',
  groupSize: plan?.preferences.groupSize ?? TRAVEL_DEFAULTS.groupSize,
  travelStyle: plan?.preferences.travelStyle ?? TRAVEL_DEFAULTS.travelStyle,
  interests: plan?.preferences.interests ?? [],
});

const ISO = 'YYYY-MM-DD';
const toDay = (value: string) => (value ? dayjs(value, ISO) : null);

export interface TravelPlanDialogProps {
  open: boolean;
  /** null creates a plan; a plan is edited. */
  plan: TravelPlan | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when it worked (the dialog then closes), false to stay open. */
  onSubmit: (payload: Omit<CreateTravelPlanPayload, 'userId'>) => Promise<boolean>;
}

/** Create New Travel Plan / Edit Travel Plan (spec §2, §5). */
/** Keeps Enter in a date field to the picker (it confirms the date) instead of submitting the form. */
const keepEnterInPicker = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

export function TravelPlanDialog({ open, plan, saving, onClose, onSubmit }: TravelPlanDialogProps) {
  const { token } = theme.useToken();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<TravelPlanForm>({ resolver: zodResolver(travelPlanFormSchema), defaultValues: planFormValues(plan) });
  const t = useT();
  const fields = useFormFields<Field>(errors);
  const { idFor } = fields;
  /** A field's Form.Item props, its error in the reader's language. */
  const itemProps = (name: Field) => {
    const props = fields.itemProps(name);
    return { ...props, help: messageText(props.help) };
  };
  const styleOptions = TRAVEL_STYLES.map((value) => ({ value, label: t(`style.${value}`) }));
  const [interest, setInterest] = useState('');

  // When it opens (or turns to another plan): a refetch while it is open, as the live progress of a
  // plan's generation brings, must not wipe what the user typed.
  const planId = plan?.id ?? null;
  const resetToPlan = useEffectEvent(() => reset(planFormValues(plan)));
  useEffect(() => {
    if (open) resetToPlan();
  }, [open, planId]);
  // The interest being typed clears at the same moments (adjusted during render).
  const [interestFor, setInterestFor] = useState<{ open: boolean; planId: number | null } | null>(null);
  if (interestFor?.open !== open || interestFor.planId !== planId) {
    setInterestFor({ open, planId });
    if (open) setInterest('');
  }

  const interests = useWatch({ control, name: 'interests' });
  const pushInterest = () => {
    setValue('interests', addInterest(getValues('interests'), interest), { shouldValidate: Boolean(errors.interests) });
    setInterest('');
  };

  const submit = handleSubmit(async (values) => {
    if (saving) return;
    // An interest typed but not yet added with Enter counts too.
    const form = { ...values, interests: addInterest(values.interests, interest) };
    if (await onSubmit(travelPlanPayload(form))) onClose();
  });

  const editing = plan !== null;
  const startDate = useWatch({ control, name: 'startDate' });
  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      okText={editing ? t('form.save') : t('form.create')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('destination')}
      width={{ xs: '100%', sm: '92%', md: 600 }}
      destroyOnHidden
    >
      {!editing ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
          {t('form.createHelp')}
        </Typography.Paragraph>
      ) : null}
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        <Form.Item label={t('form.destination')} required {...itemProps('destination')}>
          <Controller
            name="destination"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('destination')}
                placeholder={t('form.destinationPlaceholder')}
                maxLength={TRAVEL_LIMITS.destinationMax}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Row gutter={token.marginSM}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('form.startDate')} required {...itemProps('startDate')}>
              <Controller
                name="startDate"
                control={control}
                render={({ field }) => (
                  <DatePicker
                    id={idFor('startDate')}
                    ref={field.ref}
                    value={toDay(field.value)}
                    onChange={(date) => field.onChange(date ? date.format(ISO) : '')}
                    onBlur={field.onBlur}
                    format={ISO}
                    // Enter confirms the typed date; it must not also submit the whole dialog.
                    onKeyDown={keepEnterInPicker}
                    aria-required
                    style={{ width: '100%' }}
                  />
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('form.endDate')} required {...itemProps('endDate')}>
              <Controller
                name="endDate"
                control={control}
                render={({ field }) => (
                  <DatePicker
                    id={idFor('endDate')}
                    ref={field.ref}
                    value={toDay(field.value)}
                    onChange={(date) => field.onChange(date ? date.format(ISO) : '')}
                    onBlur={field.onBlur}
                    format={ISO}
                    // Enter confirms the typed date; it must not also submit the whole dialog.
                    onKeyDown={keepEnterInPicker}
                    aria-required
                    disabledDate={(day) => Boolean(startDate) && day.format(ISO) < startDate}
                    style={{ width: '100%' }}
                  />
                )}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={token.marginSM}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('form.budget')} {...itemProps('budget')}>
              <Controller
                name="budget"
                control={control}
                render={({ field }) => (
                  <Input
                    {...field}
                    id={idFor('budget')}
                    placeholder={t('form.budgetPlaceholder')}
                    maxLength={TRAVEL_LIMITS.budgetTextMax}
                    autoComplete="off"
                  />
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label={t('form.groupSize')} {...itemProps('groupSize')}>
              <Controller
                name="groupSize"
                control={control}
                render={({ field }) => (
                  <InputNumber
                    id={idFor('groupSize')}
                    ref={field.ref}
                    value={typeof field.value === 'number' ? field.value : Number.parseInt(field.value, 10) || null}
                    // Cleared, it falls back to 1 when saved (spec §9).
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    min={1}
                    max={TRAVEL_LIMITS.groupSizeMax}
                    precision={0}
                    placeholder={String(TRAVEL_DEFAULTS.groupSize)}
                    style={{ width: '100%' }}
                  />
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item label={t('form.travelStyle')} {...itemProps('travelStyle')}>
              <Controller
                name="travelStyle"
                control={control}
                render={({ field }) => (
                  <Select
                    id={idFor('travelStyle')}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    options={styleOptions}
                    virtual={false}
                  />
                )}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('form.interests')}
          {...itemProps('interests')}
          extra={errors.interests ? undefined : t('form.interestsHelp')}
          style={{ marginBottom: 0 }}
        >
          <TagEntry
            id={idFor('interests')}
            draft={interest}
            onDraftChange={setInterest}
            onAdd={pushInterest}
            placeholder={t('form.interestsPlaceholder')}
            maxLength={TRAVEL_LIMITS.interestMax}
            addLabel={t('form.addInterest')}
          />
        </Form.Item>
        <TagList
          label={t('form.interests')}
          items={interests}
          removeLabel={(item) => t('form.removeInterest', { interest: item })}
          onRemove={(item) =>
            setValue(
              'interests',
              getValues('interests').filter((existing) => existing !== item),
            )
          }
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

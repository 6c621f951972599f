import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Input, Segmented, Spin, Tag, Typography, theme, type InputRef } from 'antd';
import {
  CalendarOutlined,
  EnvironmentOutlined,
  FlagOutlined,
  RetweetOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import type { CreateEventInput, CreateTaskInput, EventFormValues, TaskFormValues } from '@aide/contracts';
import { useLocale } from '@aide/i18n';
import { useHost } from '@aide/module-kit';
import { useT, t as translate } from '../i18n/quickadd';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { LOCAL_DATETIME_FORMAT, dateKey, inZone, todayKey } from '../shared/time';
import { TaskFormDialog } from '../tasks/TaskFormDialog';
import { EventFormDialog } from '../calendar/EventFormDialog';
import { useCreateTask } from '../tasks/useTasks';
import { useCreateEvent } from '../calendar/useEvents';
import { loadQuickAddEngine, type QuickAddEngine } from './engine';
import { toQuickAddLocale } from './loadParsers';
import type { QuickAddDraft } from './parseQuickAdd';
import { whenLabel } from './describeDraft';
// The summary alone, not the editor beside it in shared/repeat's index.
import { repeatSummary } from '../shared/repeat/repeatSummary';
import { useT as useRepeatT } from '../i18n/repeat';
import { useQuickAddParam } from './useQuickAddParam';

export interface QuickAddBoxProps {
  /** Focus the box when it appears (the dashboard's dialog). */
  autoFocus?: boolean;
  /** Called after an item was added (the dashboard's dialog closes). */
  onAdded?: () => void;
  /** Whether '?add=<text>' (the shell's Ctrl/⌘+K command) fills this box; the pages' boxes do. */
  fromUrl?: boolean;
}

const PRIORITY_COLORS = { high: 'red', medium: 'gold', low: 'green' } as const;

/** The reader for the active language: loads on first use (focus or typing), then stays. */
function useEngine(wanted: boolean) {
  const locale = toQuickAddLocale(useLocale());
  const [engine, setEngine] = useState<{ locale: string; engine: QuickAddEngine } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || engine?.locale === locale) return;
    let live = true;
    loadQuickAddEngine(locale).then(
      (loaded) => live && setEngine({ locale, engine: loaded }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, locale, engine?.locale]);
  return { engine: engine?.locale === locale ? engine.engine : null, failed };
}

/**
 * Quick add: one line in plain language ("Lunch with Sam tomorrow 1pm at Nopa") becomes an event or a
 * task. What was understood shows below as tags before anything is saved; the Event/Task switch
 * overrides the guess; Enter adds it; "Edit details" opens the full form with the line read into it.
 */
export function QuickAddBox({ autoFocus, onAdded, fromUrl = true }: QuickAddBoxProps) {
  const t = useT();
  const repeatT = useRepeatT();
  const { token } = theme.useToken();
  const { toast, user } = useHost();
  // Dates are read in the profile's zone: wait for it rather than read them in the default.
  const { timezone, isPending: zonePending } = useProfileTimezone();
  const queryClient = useQueryClient();
  const createTask = useCreateTask();
  const createEvent = useCreateEvent();
  const inputRef = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [used, setUsed] = useState(Boolean(autoFocus));
  const [kindOverride, setKindOverride] = useState<QuickAddDraft['kind'] | null>(null);
  const [details, setDetails] = useState<
    | { kind: 'task'; values: Partial<TaskFormValues>; openedAt: number }
    | { kind: 'event'; values: Partial<EventFormValues>; dayKey: string; openedAt: number }
    | null
  >(null);
  const { engine, failed } = useEngine(used || text !== '');

  useQuickAddParam(fromUrl, (typed) => {
    setUsed(true);
    setText(typed);
    setKindOverride(null);
    inputRef.current?.focus({ cursor: 'end' });
  });

  // Read against the clock of this moment: "in 2 hours" moves on as time does.
  const now = useMemo(() => new Date(), [text]); // eslint-disable-line react-hooks/exhaustive-deps
  const parsed = useMemo(
    () => (engine && !zonePending && text.trim() ? engine.parse(text, { now, timezone }) : null),
    [engine, zonePending, text, now, timezone],
  );
  const draft = parsed && kindOverride ? engine!.asKind(parsed, kindOverride, { now, timezone }) : parsed;
  const pending = createTask.isPending || createEvent.isPending;

  const clear = () => {
    setText('');
    setKindOverride(null);
  };

  const save = async () => {
    if (!draft || !draft.title || pending) return;
    try {
      if (draft.kind === 'task') {
        const payload: CreateTaskInput = {
          title: draft.title,
          priority: draft.priority ?? 'medium',
          status: 'pending',
          userId: user.id,
          ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
          ...(draft.recurrence ? { recurrence: draft.recurrence } : {}),
        };
        await createTask.mutateAsync(payload);
      } else {
        const payload: CreateEventInput = {
          title: draft.title,
          type: 'meeting',
          startTime: draft.start!,
          endTime: draft.end!,
          location: draft.location ?? '',
          description: '',
          userId: user.id,
          ...(draft.attendees ? { attendees: draft.attendees } : {}),
          ...(draft.recurrence ? { recurrence: draft.recurrence, timezone } : {}),
        };
        await createEvent.mutateAsync(payload);
      }
      toast({ title: translate(draft.kind === 'task' ? 'saved.task' : 'saved.event', { title: draft.title }) });
      clear();
      onAdded?.();
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (isUnauthorizedError(error)) return;
      toast({ title: translate('saveFailed'), description: errorDetail(error), variant: 'destructive' });
    }
  };

  const openDetails = () => {
    if (!draft) return;
    const openedAt = Date.now();
    if (draft.kind === 'task') {
      setDetails({
        kind: 'task',
        openedAt,
        values: { title: draft.title, priority: draft.priority ?? 'medium', dueDate: draft.dueDate ?? '' },
      });
    } else {
      setDetails({
        kind: 'event',
        openedAt,
        dayKey: draft.start ? dateKey(draft.start, timezone) : todayKey(timezone),
        values: {
          title: draft.title,
          location: draft.location ?? '',
          ...(draft.start && draft.end
            ? {
                startTime: inZone(draft.start, timezone).format(LOCAL_DATETIME_FORMAT),
                endTime: inZone(draft.end, timezone).format(LOCAL_DATETIME_FORMAT),
              }
            : {}),
        },
      });
    }
  };

  /** The form closes on Cancel and after saving: the line is done only if the form saved something. */
  const closeDetails = () => {
    const savedSince = queryClient
      .getMutationCache()
      .getAll()
      .some((m) => m.state.status === 'success' && m.state.submittedAt >= (details?.openedAt ?? Infinity));
    setDetails(null);
    if (savedSince) {
      clear();
      onAdded?.();
    }
  };

  const tags = draft && (
    <Flex wrap gap={token.marginXS} role="list" aria-label={t('understood')}>
      <Tag
        role="listitem"
        icon={<CalendarOutlined />}
        color={draft.hasDate ? 'blue' : undefined}
        style={{ marginInlineEnd: 0 }}
      >
        {whenLabel(draft, timezone, now)}
      </Tag>
      {draft.kind === 'event' && draft.location && (
        <Tag role="listitem" icon={<EnvironmentOutlined />} color="blue" style={{ marginInlineEnd: 0 }}>
          {draft.location}
        </Tag>
      )}
      {draft.recurrence && (
        <Tag role="listitem" icon={<RetweetOutlined />} color="purple" style={{ marginInlineEnd: 0 }}>
          {repeatSummary(draft.recurrence, inZone((draft.start ?? draft.dueDate)!, timezone), repeatT)}
        </Tag>
      )}
      {draft.kind === 'task' && draft.priority && (
        <Tag
          role="listitem"
          icon={<FlagOutlined />}
          color={PRIORITY_COLORS[draft.priority]}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`priority.${draft.priority}`)}
        </Tag>
      )}
      {draft.kind === 'event' &&
        draft.attendees?.map((email) => (
          <Tag key={email} role="listitem" icon={<UserOutlined />} style={{ marginInlineEnd: 0 }}>
            {email}
          </Tag>
        ))}
    </Flex>
  );

  const preview = text.trim() ? (
    <Flex
      vertical
      gap={token.marginSM}
      aria-live="polite"
      data-testid="quick-add-preview"
      style={{
        padding: token.paddingSM,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {failed ? (
        <Typography.Text type="danger">{t('parserFailed')}</Typography.Text>
      ) : !draft ? (
        <Flex align="center" gap={token.marginXS}>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('reading')}</Typography.Text>
        </Flex>
      ) : (
        <>
          <Flex align="center" gap={token.marginSM} wrap>
            <Segmented<QuickAddDraft['kind']>
              size="small"
              aria-label={t('addAs')}
              value={draft.kind}
              onChange={setKindOverride}
              options={[
                { value: 'event', label: t('kind.event') },
                { value: 'task', label: t('kind.task') },
              ]}
            />
            {draft.title ? (
              <Typography.Text strong ellipsis style={{ flex: '1 1 160px', minWidth: 0 }}>
                {draft.title}
              </Typography.Text>
            ) : (
              <Typography.Text type="warning" style={{ flex: '1 1 160px' }}>
                {t('needTitle')}
              </Typography.Text>
            )}
          </Flex>
          {tags}
          <Flex justify="flex-end" gap={token.marginXS} wrap>
            <Button onClick={openDetails}>{t('editDetails')}</Button>
            <Button type="primary" loading={pending} disabled={!draft.title} onClick={() => void save()}>
              {t(draft.kind === 'event' ? 'save.event' : 'save.task')}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  ) : null;

  return (
    <Flex vertical gap={token.marginXS}>
      <Input
        ref={inputRef}
        size="large"
        allowClear
        autoFocus={autoFocus}
        prefix={<ThunderboltOutlined style={{ color: token.colorPrimary }} />}
        placeholder={t('placeholder')}
        aria-label={t('label')}
        value={text}
        onFocus={() => setUsed(true)}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value) setKindOverride(null);
        }}
        onPressEnter={(e) => {
          if (!e.nativeEvent.isComposing) void save();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.stopPropagation();
            clear();
          }
        }}
      />
      {preview}
      {details?.kind === 'task' && <TaskFormDialog open onClose={closeDetails} initialValues={details.values} />}
      {details?.kind === 'event' && (
        <EventFormDialog
          open
          dayKey={details.dayKey}
          timezone={timezone}
          onClose={closeDetails}
          initialValues={details.values}
        />
      )}
    </Flex>
  );
}

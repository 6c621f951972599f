import { useId, useState } from 'react';
import { Alert, Button, Flex, InputNumber, Radio, Select, Typography, theme } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  formatRepeatRule,
  RECURRENCE_LIMITS,
  REPEAT_FREQUENCIES,
  type RepeatEnd,
  type RepeatFrequency,
  type RepeatRule,
  type Weekday,
} from '@aide/contracts';
import { DATE_KEY_FORMAT, formatDay } from '../time';
import { datePickerIn, DateStringPicker } from '@aide/ui';
import { useT } from '../../i18n/repeat';
import { editableRule, ordinalWeekday, repeatSummary } from './repeatSummary';
import { monthWeekdayOf, weekdayName, weekdayOf, weekdaysInLocaleOrder } from './weekdays';

/**
 * The repeat editor's contract, stable for every form that repeats something (events, tasks, quick add).
 */
export interface RepeatEditorProps {
  /** The RRULE value without `RRULE:` (e.g. 'FREQ=WEEKLY;BYDAY=MO,WE'), or null for "Does not repeat". */
  value: string | null;
  /** Called with the new rule (null when the user picks "Does not repeat"). */
  onChange: (rule: string | null) => void;
  /**
   * The first occurrence's start (an event's start, a task's due date) as a dayjs in the profile
   * timezone. The presets and the custom defaults read it: "Weekly on Thursday", "Monthly on day 26",
   * "on the fourth Thursday"; a preset rule leaves the day out, so it follows a start that changes later.
   */
  start: Dayjs;
  /** The zone `start` is in, when not the browser's: the end date's picker marks today in it. */
  timezone?: string;
  /** The id of the main Select, for a `<label htmlFor>` / antd Form.Item around the editor. */
  id?: string;
  disabled?: boolean;
}

type Preset = RepeatFrequency;
type Mode = 'none' | Preset | 'custom' | 'synced';
type MonthlyChoice = 'date' | 'nth' | 'last';

/** What the presets write: the day comes from the start, so no BYDAY/BYMONTHDAY. */
const presetRule = (freq: Preset): RepeatRule => ({
  freq,
  interval: 1,
  weekdays: [],
  monthly: 'date',
  end: { type: 'never' },
});

/** "After N times" starts at 10; "On [date]" three months after the start. */
const DEFAULT_COUNT = 10;
const DEFAULT_UNTIL_MONTHS = 3;

/** Whether `rule` means what the preset of its frequency means for this start (e.g. BYDAY=TH on a Thursday). */
function isPreset(rule: RepeatRule, start: Dayjs): boolean {
  if (rule.interval !== 1 || rule.end.type !== 'never') return false;
  if (rule.freq === 'WEEKLY')
    return rule.weekdays.length === 0 || (rule.weekdays.length === 1 && rule.weekdays[0] === weekdayOf(start));
  if (rule.freq === 'MONTHLY')
    return rule.monthly === 'date' && (rule.monthDay === undefined || rule.monthDay === start.date());
  return true;
}

/**
 * "Does not repeat / Daily / Weekly on Thursday / Monthly on day 26 / Annually on November 26 /
 * Custom…", and for Custom: every N days/weeks/months/years, the weekdays, the monthly day, and the
 * end (never / on a date / after N times). Below it the rule as a sentence. A rule it cannot show (a
 * synced rule with BYSETPOS …) is kept and shown as its sentence, until the user picks something else.
 */
export function RepeatEditor({ value, onChange, start, timezone, id, disabled }: RepeatEditorProps) {
  const { token } = theme.useToken();
  const t = useT();
  const labelIds = useId();
  const [customChosen, setCustomChosen] = useState(false);
  const rule = editableRule(value, start);

  const mode: Mode = !value ? 'none' : !rule ? 'synced' : customChosen || !isPreset(rule, start) ? 'custom' : rule.freq;

  const startDay = weekdayOf(start);
  const startDate = formatDay(start.format(DATE_KEY_FORMAT), { month: 'long', day: 'numeric' });
  const options = [
    { value: 'none', label: t('option.none') },
    { value: 'DAILY', label: t('option.daily') },
    { value: 'WEEKLY', label: t('option.weekly', { weekday: weekdayName(startDay) }) },
    { value: 'MONTHLY', label: t('option.monthly', { day: start.date() }) },
    { value: 'YEARLY', label: t('option.yearly', { date: startDate }) },
    ...(mode === 'synced' ? [{ value: 'synced', label: t('option.synced') }] : []),
    { value: 'custom', label: t('option.custom') },
  ];

  const emit = (next: RepeatRule) => onChange(formatRepeatRule(next));

  const onMode = (next: Mode) => {
    if (next === 'synced') return;
    setCustomChosen(next === 'custom');
    if (next === 'none') onChange(null);
    else if (next === 'custom') {
      // Custom keeps a rule it can edit, else starts from "every week on the start's day" (as Google does).
      if (!rule) emit({ ...presetRule('WEEKLY'), weekdays: [startDay] });
    } else emit(presetRule(next));
  };

  const summary = repeatSummary(value, start, t);

  return (
    <Flex vertical gap={token.marginXS}>
      <Select<Mode>
        id={id}
        value={mode}
        onChange={onMode}
        options={options}
        disabled={disabled}
        data-testid="repeat-select"
      />
      {mode === 'synced' ? (
        <Alert type="info" showIcon icon={<SyncOutlined />} title={summary} description={t('synced.note')} />
      ) : null}
      {mode === 'custom' && rule ? (
        <CustomRule
          rule={rule}
          start={start}
          timezone={timezone}
          onChange={emit}
          disabled={disabled}
          labelIds={labelIds}
        />
      ) : null}
      {value && mode !== 'synced' ? (
        <Typography.Text type="secondary" aria-live="polite" data-testid="repeat-summary">
          <SyncOutlined aria-hidden /> {summary}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

interface CustomRuleProps {
  rule: RepeatRule;
  start: Dayjs;
  timezone?: string;
  onChange: (rule: RepeatRule) => void;
  disabled?: boolean;
  labelIds: string;
}

/** The custom rule's fields, in a quiet box under the select. */
function CustomRule({ rule, start, timezone, onChange, disabled, labelIds }: CustomRuleProps) {
  const { token } = theme.useToken();
  const t = useT();
  const update = (patch: Partial<RepeatRule>) => onChange({ ...rule, ...patch });
  const startDay = weekdayOf(start);
  const groupId = `${labelIds}-group`;
  const daysId = `${labelIds}-days`;
  const endsId = `${labelIds}-ends`;

  const changeFreq = (freq: RepeatFrequency) =>
    update({
      freq,
      weekdays: freq === 'WEEKLY' ? [startDay] : [],
      monthly: 'date',
      monthDay: undefined,
      ordinal: undefined,
      ordinalDay: undefined,
    });

  // Weekly: the days it repeats on; none written means the start's day, so that one shows pressed.
  const days = rule.weekdays.length ? rule.weekdays : [startDay];
  const toggleDay = (day: Weekday) => {
    const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
    // At least one day: the last one stays on.
    if (next.length) update({ weekdays: next });
  };

  // Monthly: on the start's date, or on its weekday counted from the month's start or end.
  const ofStart = monthWeekdayOf(start);
  const byWeekday = rule.monthly === 'weekday' && rule.ordinal && rule.ordinalDay ? rule : null;
  const monthlyChoice: MonthlyChoice = byWeekday ? (byWeekday.ordinal === -1 ? 'last' : 'nth') : 'date';
  const nth =
    byWeekday && byWeekday.ordinal !== -1
      ? { ordinal: byWeekday.ordinal!, day: byWeekday.ordinalDay! }
      : ofStart.nth <= 4
        ? { ordinal: ofStart.nth, day: ofStart.day }
        : null;
  const last = byWeekday?.ordinal === -1 ? byWeekday.ordinalDay! : ofStart.last ? ofStart.day : null;
  const monthlyOptions = [
    { value: 'date', label: t('monthly.onDay', { day: rule.monthDay ?? start.date() }) },
    ...(nth
      ? [{ value: 'nth', label: t('monthly.onWeekday', { which: ordinalWeekday(nth.ordinal, nth.day, t) }) }]
      : []),
    ...(last ? [{ value: 'last', label: t('monthly.onWeekday', { which: ordinalWeekday(-1, last, t) }) }] : []),
  ];
  const changeMonthly = (choice: MonthlyChoice) => {
    if (choice === 'date') update({ monthly: 'date', monthDay: undefined, ordinal: undefined, ordinalDay: undefined });
    else if (choice === 'nth' && nth)
      update({ monthly: 'weekday', ordinal: nth.ordinal, ordinalDay: nth.day, monthDay: undefined });
    else if (choice === 'last' && last)
      update({ monthly: 'weekday', ordinal: -1, ordinalDay: last, monthDay: undefined });
  };

  const endType = rule.end.type;
  const untilDefault = start.add(DEFAULT_UNTIL_MONTHS, 'month').format(DATE_KEY_FORMAT);
  const changeEnd = (type: RepeatEnd['type']) => {
    if (type === 'never') update({ end: { type } });
    else if (type === 'until') update({ end: { type, date: untilDefault } });
    else update({ end: { type, count: DEFAULT_COUNT } });
  };
  const count = rule.end.type === 'count' ? rule.end.count : DEFAULT_COUNT;
  const until = rule.end.type === 'until' ? rule.end.date : untilDefault;
  const startKey = start.format(DATE_KEY_FORMAT);

  return (
    <Flex
      vertical
      gap={token.marginSM}
      role="group"
      aria-labelledby={groupId}
      data-testid="repeat-custom"
      style={{
        padding: token.paddingSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
      }}
    >
      <Typography.Text strong id={groupId} style={{ fontSize: token.fontSizeSM }}>
        {t('custom.group')}
      </Typography.Text>
      <Flex align="center" gap={token.marginXS} wrap>
        <Typography.Text>{t('custom.every')}</Typography.Text>
        <InputNumber
          aria-label={t('custom.interval')}
          min={1}
          max={RECURRENCE_LIMITS.interval}
          precision={0}
          value={rule.interval}
          onChange={(n) => typeof n === 'number' && n >= 1 && update({ interval: n })}
          disabled={disabled}
          style={{ width: 72 }}
        />
        <Select<RepeatFrequency>
          aria-label={t('custom.unit')}
          value={rule.freq}
          onChange={changeFreq}
          disabled={disabled}
          popupMatchSelectWidth={false}
          options={REPEAT_FREQUENCIES.map((freq) => ({
            value: freq,
            label: t(`unit.${freq}`, { count: rule.interval }),
          }))}
          // A fixed width: inside a form item antd stretches a select to the whole row.
          style={{ width: 120 }}
        />
      </Flex>

      {rule.freq === 'WEEKLY' ? (
        <Flex vertical gap={token.marginXXS}>
          <Typography.Text id={daysId} type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {t('custom.weekdays')}
          </Typography.Text>
          <Flex gap={token.marginXXS} wrap role="group" aria-labelledby={daysId}>
            {weekdaysInLocaleOrder().map((day) => {
              const on = days.includes(day);
              return (
                <Button
                  key={day}
                  shape="circle"
                  type={on ? 'primary' : 'default'}
                  aria-pressed={on}
                  aria-label={weekdayName(day, 'long')}
                  title={weekdayName(day, 'long')}
                  onClick={() => toggleDay(day)}
                  disabled={disabled}
                  style={{ minWidth: 40, height: 40, fontSize: token.fontSizeSM }}
                >
                  {weekdayName(day, 'short')}
                </Button>
              );
            })}
          </Flex>
        </Flex>
      ) : null}

      {rule.freq === 'MONTHLY' ? (
        <Select<MonthlyChoice>
          aria-label={t('custom.monthly')}
          value={monthlyChoice}
          onChange={changeMonthly}
          options={monthlyOptions}
          disabled={disabled}
          style={{ width: '100%', maxWidth: 320 }}
        />
      ) : null}

      <Flex vertical gap={token.marginXXS}>
        <Typography.Text id={endsId} type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('ends.label')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby={endsId}
          value={endType}
          onChange={(e) => changeEnd(e.target.value as RepeatEnd['type'])}
          disabled={disabled}
        >
          <Flex vertical gap={token.marginXS}>
            <Radio value="never">{t('ends.never')}</Radio>
            <Flex align="center" gap={token.marginXS} wrap>
              <Radio value="until">{t('ends.on')}</Radio>
              <DateStringPicker
                aria-label={t('ends.date')}
                allowClear={false}
                format="ll"
                value={until}
                component={timezone ? datePickerIn(timezone) : undefined}
                disabled={disabled || endType !== 'until'}
                disabledDate={(d) => d.format(DATE_KEY_FORMAT) < startKey}
                onChange={(d) => d && update({ end: { type: 'until', date: d.format(DATE_KEY_FORMAT) } })}
                style={{ width: 150 }}
              />
            </Flex>
            <Flex align="center" gap={token.marginXS} wrap>
              <Radio value="count">{t('ends.after')}</Radio>
              <InputNumber
                aria-label={t('ends.count')}
                min={1}
                max={RECURRENCE_LIMITS.count}
                precision={0}
                value={count}
                disabled={disabled || endType !== 'count'}
                onChange={(n) => typeof n === 'number' && n >= 1 && update({ end: { type: 'count', count: n } })}
                style={{ width: 72 }}
              />
              <Typography.Text type={endType === 'count' ? undefined : 'secondary'}>
                {t('ends.times', { count })}
              </Typography.Text>
            </Flex>
          </Flex>
        </Radio.Group>
      </Flex>
    </Flex>
  );
}

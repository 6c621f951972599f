import { Button, Flex, Segmented, Space, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { datePickerIn, DateStringPicker } from '@aide/ui';
import { useT, type OrganiserKey } from '../i18n';
import { DATE_KEY_FORMAT } from '../shared/time';
import { rangeLabel, type CalendarView } from './calendarRange';

const VIEW_LABELS: Record<CalendarView, OrganiserKey> = {
  month: 'calendar.view.month',
  week: 'calendar.view.week',
  threeDays: 'calendar.view.threeDays',
  day: 'calendar.view.day',
};

/** Desktop: Month / Week / Day. Phones: Month / 3 days / Day (a 7-day week is too narrow to read). */
export const DESKTOP_VIEWS: readonly CalendarView[] = ['month', 'week', 'day'];
export const PHONE_VIEWS: readonly CalendarView[] = ['month', 'threeDays', 'day'];

/** The date picker's field: the language's medium date ('Nov 21, 2026', '21.11.2026'). */
const PICKER_FORMAT = 'll';

export interface CalendarToolbarProps {
  view: CalendarView;
  /** The views offered (see DESKTOP_VIEWS, PHONE_VIEWS). */
  views: readonly CalendarView[];
  selectedKey: string;
  /** The profile's zone: the day picker marks its today and picks it with Today. */
  timezone: string;
  onViewChange: (view: CalendarView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  onPick: (key: string) => void;
}

/** Previous / Today / next, the range label, the view switch and a date picker. */
export function CalendarToolbar({
  view,
  views,
  selectedKey,
  timezone,
  onViewChange,
  onStep,
  onToday,
  onPick,
}: CalendarToolbarProps) {
  const { token } = theme.useToken();
  const t = useT();
  const viewOptions = views.map((value) => ({ value, label: t(VIEW_LABELS[value]) }));
  return (
    <Flex wrap justify="space-between" align="center" gap={token.marginSM}>
      <Flex align="center" gap={token.marginSM} wrap style={{ minWidth: 0 }}>
        <Space.Compact>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('calendar.toolbar.previous', { view })}
            onClick={() => onStep(-1)}
          />
          <Button onClick={onToday}>{t('calendar.toolbar.today')}</Button>
          <Button
            icon={<RightOutlined />}
            aria-label={t('calendar.toolbar.next', { view })}
            onClick={() => onStep(1)}
          />
        </Space.Compact>
        <Typography.Title
          level={2}
          aria-live="polite"
          data-testid="calendar-range-label"
          style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
        >
          {rangeLabel(selectedKey, view)}
        </Typography.Title>
      </Flex>
      <Flex align="center" gap={token.marginXS} wrap>
        <Segmented<CalendarView>
          aria-label={t('calendar.view.label')}
          value={view}
          onChange={onViewChange}
          options={viewOptions}
        />
        <DateStringPicker
          aria-label={t('calendar.toolbar.goToDate')}
          allowClear={false}
          value={selectedKey}
          component={datePickerIn(timezone)}
          format={PICKER_FORMAT}
          onChange={(date) => date && onPick(date.format(DATE_KEY_FORMAT))}
          style={{ width: 150 }}
        />
      </Flex>
    </Flex>
  );
}

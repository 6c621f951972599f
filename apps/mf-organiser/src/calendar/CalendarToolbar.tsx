import { Button, DatePicker, Flex, Segmented, Space, Typography, theme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { dayjs, DATE_KEY_FORMAT } from '../shared/time';
import { CALENDAR_VIEWS, rangeLabel, type CalendarView } from './calendarRange';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };
const viewOptions = CALENDAR_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }));
const STEP_NAMES: Record<CalendarView, string> = { month: 'month', week: 'week', day: 'day' };

export interface CalendarToolbarProps {
  view: CalendarView;
  selectedKey: string;
  onViewChange: (view: CalendarView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  onPick: (key: string) => void;
}

/** Previous / Today / next, the range label, the view switch and a date picker. */
export function CalendarToolbar({ view, selectedKey, onViewChange, onStep, onToday, onPick }: CalendarToolbarProps) {
  const { token } = theme.useToken();
  return (
    <Flex wrap justify="space-between" align="center" gap={token.marginSM}>
      <Flex align="center" gap={token.marginSM} wrap style={{ minWidth: 0 }}>
        <Space.Compact>
          <Button icon={<LeftOutlined />} aria-label={`Previous ${STEP_NAMES[view]}`} onClick={() => onStep(-1)} />
          <Button onClick={onToday}>Today</Button>
          <Button icon={<RightOutlined />} aria-label={`Next ${STEP_NAMES[view]}`} onClick={() => onStep(1)} />
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
          aria-label="Calendar view"
          value={view}
          onChange={onViewChange}
          options={viewOptions}
        />
        <DatePicker
          aria-label="Go to date"
          allowClear={false}
          value={dayjs(selectedKey)}
          format="MMM D, YYYY"
          onChange={(date) => date && onPick(date.format(DATE_KEY_FORMAT))}
          style={{ width: 150 }}
        />
      </Flex>
    </Flex>
  );
}

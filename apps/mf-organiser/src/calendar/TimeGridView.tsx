import { useEffect, useRef } from 'react';
import { Flex, Typography, theme } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { clockTime, dayjs, todayKey } from '../shared/time';
import { EVENT_TYPE_COLORS } from './eventLabels';
import { layoutDayEvents } from './layoutDayEvents';

const HOUR_HEIGHT = 48;
const GUTTER_WIDTH = 56;
/** The grid opens scrolled to the working day. */
const FIRST_VISIBLE_HOUR = 7;
/** Below this a week's columns scroll sideways rather than squeeze events unreadable. */
const MIN_DAY_WIDTH = 96;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export interface TimeGridViewProps {
  /** The days shown as columns ('YYYY-MM-DD'): seven for the week view, one for the day view. */
  days: string[];
  selectedKey: string;
  events: CalendarEvent[];
  timezone: string;
  onSelectDay: (key: string) => void;
  onOpenEvent: (event: CalendarEvent) => void;
}

/** Week and day views: one column per day, events placed in their hour slots by start and end. */
export function TimeGridView({ days, selectedKey, events, timezone, onSelectDay, onOpenEvent }: TimeGridViewProps) {
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const today = todayKey(timezone);

  useEffect(() => {
    // A little above the hour, so its label is not cut off.
    scroller.current?.scrollTo({ top: FIRST_VISIBLE_HOUR * HOUR_HEIGHT - 12 });
  }, []);

  // Where the week scrolls sideways (phones), bring the selected day's column into view.
  useEffect(() => {
    const el = frame.current;
    const index = days.indexOf(selectedKey);
    if (!el || index < 0 || el.scrollWidth <= el.clientWidth) return;
    const dayWidth = (el.scrollWidth - GUTTER_WIDTH) / days.length;
    const left = GUTTER_WIDTH + index * dayWidth;
    if (left < el.scrollLeft + GUTTER_WIDTH || left + dayWidth > el.scrollLeft + el.clientWidth) {
      el.scrollTo({ left: Math.max(0, left - GUTTER_WIDTH) });
    }
  }, [days, selectedKey]);

  const border = `1px solid ${token.colorBorderSecondary}`;
  const columns = `${GUTTER_WIDTH}px repeat(${days.length}, minmax(0, 1fr))`;

  return (
    <div ref={frame} style={{ border, borderRadius: token.borderRadiusLG, overflowX: 'auto', overflowY: 'hidden' }}>
      <div style={{ minWidth: GUTTER_WIDTH + days.length * MIN_DAY_WIDTH }}>
        {/* Day headers: clicking one selects that day. */}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: columns,
            borderBottom: border,
            background: token.colorFillQuaternary,
          }}
        >
          <div />
          {days.map((key) => {
            const d = dayjs(key);
            const selected = key === selectedKey;
            const isToday = key === today;
            return (
              <button
                key={key}
                type="button"
                onClick={() => onSelectDay(key)}
                aria-pressed={selected}
                aria-label={d.format('dddd, MMMM D, YYYY')}
                style={{
                  border: 0,
                  borderInlineStart: border,
                  background: selected ? token.controlItemBgActive : 'transparent',
                  padding: `${token.paddingXS}px 0`,
                  cursor: 'pointer',
                  font: 'inherit',
                  color: token.colorText,
                }}
              >
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM }}>
                  {d.format('ddd')}
                </Typography.Text>
                <span
                  style={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    minWidth: 28,
                    height: 28,
                    borderRadius: 14,
                    fontWeight: token.fontWeightStrong,
                    fontSize: token.fontSizeLG,
                    color: isToday ? token.colorTextLightSolid : undefined,
                    background: isToday ? token.colorPrimary : undefined,
                  }}
                >
                  {d.format('D')}
                </span>
              </button>
            );
          })}
        </div>

        <div ref={scroller} style={{ maxHeight: 11 * HOUR_HEIGHT, overflowY: 'auto' }}>
          <div style={{ display: 'grid', gridTemplateColumns: columns, position: 'relative' }}>
            <div aria-hidden>
              {HOURS.map((h) => (
                <div key={h} style={{ height: HOUR_HEIGHT, position: 'relative' }}>
                  {h > 0 ? (
                    <Typography.Text
                      type="secondary"
                      style={{
                        position: 'absolute',
                        top: -9,
                        insetInlineEnd: token.paddingXS,
                        fontSize: token.fontSizeSM,
                      }}
                    >
                      {`${String(h).padStart(2, '0')}:00`}
                    </Typography.Text>
                  ) : null}
                </div>
              ))}
            </div>
            {days.map((key) => (
              <div
                key={key}
                role="group"
                aria-label={`Events on ${dayjs(key).format('dddd, MMMM D')}`}
                onClick={() => onSelectDay(key)}
                style={{
                  position: 'relative',
                  borderInlineStart: border,
                  background: key === selectedKey && days.length > 1 ? token.colorFillQuaternary : undefined,
                }}
              >
                {HOURS.map((h) => (
                  <div key={h} style={{ height: HOUR_HEIGHT, borderTop: h > 0 ? border : undefined }} />
                ))}
                {layoutDayEvents(events, key, timezone).map(
                  ({ event, startMinute, endMinute, column, columns: cols }) => {
                    const colour = token[`${EVENT_TYPE_COLORS[event.type]}6`];
                    const height = ((endMinute - startMinute) / 60) * HOUR_HEIGHT;
                    return (
                      <button
                        key={event.id}
                        type="button"
                        title={event.title}
                        aria-label={`${event.title}, ${clockTime(event.startTime, timezone)} to ${clockTime(event.endTime, timezone)}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          onOpenEvent(event);
                        }}
                        style={{
                          position: 'absolute',
                          top: (startMinute / 60) * HOUR_HEIGHT + 1,
                          height: height - 2,
                          insetInlineStart: `calc(${(column / cols) * 100}% + 2px)`,
                          width: `calc(${100 / cols}% - 4px)`,
                          overflow: 'hidden',
                          padding: `2px ${token.paddingXXS}px`,
                          border: 0,
                          borderInlineStart: `3px solid ${colour}`,
                          borderRadius: token.borderRadiusSM,
                          background: `color-mix(in srgb, ${colour} 18%, ${token.colorBgContainer})`,
                          color: token.colorText,
                          font: 'inherit',
                          fontSize: token.fontSizeSM,
                          lineHeight: 1.35,
                          textAlign: 'start',
                          cursor: 'pointer',
                          boxShadow: token.boxShadowTertiary,
                        }}
                      >
                        <Flex vertical>
                          <span
                            style={{
                              fontWeight: token.fontWeightStrong,
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                              whiteSpace: 'nowrap',
                            }}
                          >
                            {event.title}
                          </span>
                          {height >= 34 ? (
                            <Typography.Text type="secondary" style={{ fontSize: 'inherit', whiteSpace: 'nowrap' }}>
                              {clockTime(event.startTime, timezone)} – {clockTime(event.endTime, timezone)}
                            </Typography.Text>
                          ) : null}
                        </Flex>
                      </button>
                    );
                  },
                )}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Collapse, Flex, Timeline, Typography, theme } from 'antd';
import {
  BankOutlined,
  CarOutlined,
  CoffeeOutlined,
  EnvironmentOutlined,
  StarOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { TravelPlan } from '@aide/contracts';
import { EmptyState, EmptyText } from '@aide/ui';
import { useT } from '../i18n';
import { EditButton } from './EditButton';
import { FromEmailLink } from './FromEmailLink';
import { PlaceList, Section, TextList } from './OverviewTab';
import { isGenerating, itineraryView, shortDate, type ActivityView, type SlotView } from './travelView';

/** The time or slot column beside the line: wide enough for 'Afternoon' and 'All day'. */
const TITLE_SPAN = '96px';

function SlotTimeline({ slots }: { slots: SlotView[] }) {
  return (
    <Timeline
      titleSpan={TITLE_SPAN}
      items={slots.map((slot) => ({ key: slot.label, title: slot.label, content: slot.text }))}
    />
  );
}

function ActivityTimeline({ activities }: { activities: ActivityView[] }) {
  return (
    <Timeline
      titleSpan={TITLE_SPAN}
      items={activities.map((activity, index) => ({
        key: index,
        title: <span className="aide-travel-time">{activity.time}</span>,
        content: (
          <>
            <div>{activity.activity}</div>
            {activity.location || activity.sourceEmailId ? (
              <Flex wrap style={{ columnGap: 12 }}>
                {activity.location ? (
                  <Typography.Text type="secondary">
                    <EnvironmentOutlined aria-hidden /> {activity.location}
                  </Typography.Text>
                ) : null}
                {activity.sourceEmailId ? <FromEmailLink emailId={activity.sourceEmailId} /> : null}
              </Flex>
            ) : null}
          </>
        ),
      }))}
    />
  );
}

const dayLabel = (day: string, date: string | null, title?: string | null) => (
  <Flex wrap gap={6} align="baseline">
    <Typography.Text strong>{day}</Typography.Text>
    {date ? <Typography.Text type="secondary">{shortDate(date)}</Typography.Text> : null}
    {title ? <Typography.Text>— {title}</Typography.Text> : null}
  </Flex>
);

function NothingPlanned() {
  const t = useT();
  return <Typography.Text type="secondary">{t('itinerary.nothingPlanned')}</Typography.Text>;
}
const nothingPlanned = <NothingPlanned />;

function Days({ items }: { items: { key: string; label: ReactNode; children: ReactNode }[] }) {
  return (
    <Collapse
      size="small"
      defaultActiveKey={items.slice(0, 1).map((item) => item.key)}
      items={items}
      className="aide-travel-days"
    />
  );
}

/** Spec §2: the itinerary in the first shape present, its fallbacks, or its empty state. */
export function ItineraryTab({ plan, onEdit }: { plan: TravelPlan; onEdit: () => void }) {
  const { token } = theme.useToken();
  const t = useT();
  const view = itineraryView(plan);

  let body: ReactNode;
  let title: string = t('itinerary.title');
  switch (view.kind) {
    case 'timeline':
      body = (
        <Days
          items={view.days.map((day) => ({
            key: day.key,
            label: dayLabel(day.day, day.date, day.title),
            children: day.slots.length ? <SlotTimeline slots={day.slots} /> : nothingPlanned,
          }))}
        />
      );
      break;
    case 'days':
      body = (
        <Days
          items={view.days.map((day) => ({
            key: day.key,
            label: dayLabel(day.day, day.date),
            children: day.activities.length ? <ActivityTimeline activities={day.activities} /> : nothingPlanned,
          }))}
        />
      );
      break;
    case 'byDay':
      body = (
        <Days
          items={view.days.map((day) => ({
            key: day.key,
            label: dayLabel(day.day, null),
            children: day.text ? (
              <Typography.Paragraph style={{ margin: 0 }}>{day.text}</Typography.Paragraph>
            ) : day.slots.length ? (
              <SlotTimeline slots={day.slots} />
            ) : (
              nothingPlanned
            ),
          }))}
        />
      );
      break;
    case 'recommendations':
      title = view.title;
      body = (
        <Days
          items={view.days.map((day, index) => ({
            key: String(index),
            label: dayLabel(day.day, null, day.title),
            children: (
              <>
                {day.description ? (
                  <Typography.Paragraph style={{ marginBottom: token.marginXS }}>
                    {day.description}
                  </Typography.Paragraph>
                ) : null}
                {day.activities.length ? <TextList items={day.activities} /> : null}
                {!day.description && !day.activities.length ? nothingPlanned : null}
              </>
            ),
          }))}
        />
      );
      break;
    case 'lists': {
      const { lists } = view;
      body = (
        <Flex vertical gap={token.marginSM}>
          <Typography.Text type="secondary">{t('itinerary.listsHint')}</Typography.Text>
          <div className="aide-travel-sections">
            {lists.activities.length ? (
              <Section icon={<ThunderboltOutlined />} title={t('itinerary.activities')}>
                <PlaceList items={lists.activities} />
              </Section>
            ) : null}
            {lists.attractions.length ? (
              <Section icon={<StarOutlined />} title={t('itinerary.attractions')}>
                <PlaceList items={lists.attractions} />
              </Section>
            ) : null}
            {lists.accommodations.length ? (
              <Section icon={<BankOutlined />} title={t('itinerary.accommodations')}>
                <PlaceList items={lists.accommodations} details={(item) => [item.area, item.priceRange]} />
              </Section>
            ) : null}
            {lists.restaurants.length ? (
              <Section icon={<CoffeeOutlined />} title={t('itinerary.restaurants')}>
                <PlaceList items={lists.restaurants} details={(item) => [item.cuisine, item.priceRange]} />
              </Section>
            ) : null}
            {lists.transportation.length ? (
              <Section icon={<CarOutlined />} title={t('itinerary.transportation')}>
                <TextList items={lists.transportation} />
              </Section>
            ) : null}
          </div>
        </Flex>
      );
      break;
    }
    case 'empty':
      body = (
        <EmptyState
          description={
            <EmptyText
              title={view.message}
              hint={isGenerating(plan) ? t('itinerary.preparingHint') : t('itinerary.emptyHint')}
            />
          }
        />
      );
      break;
  }

  const transportation = view.kind !== 'lists' && view.kind !== 'empty' ? view.transportation : [];
  return (
    <Flex vertical gap={token.marginSM}>
      <Flex wrap justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Title level={3} style={{ fontSize: token.fontSizeLG, margin: 0 }}>
          {title}
        </Typography.Title>
        <EditButton plan={plan} onClick={onEdit}>
          {t('itinerary.edit')}
        </EditButton>
      </Flex>
      {body}
      {transportation.length ? (
        <Section icon={<CarOutlined />} title={t('itinerary.transportation')}>
          <TextList items={transportation} />
        </Section>
      ) : null}
    </Flex>
  );
}

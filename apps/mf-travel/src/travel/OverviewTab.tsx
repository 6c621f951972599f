import type { ReactNode } from 'react';
import { Flex, Tag, Typography, theme } from 'antd';
import {
  BankOutlined,
  BulbOutlined,
  CloudOutlined,
  InfoCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { TRAVEL_STYLE_LABELS, type TravelPlan } from '@aide/contracts';
import { EmptyState, EmptyText } from '@aide/ui';
import { isGenerating, overviewIsEmpty, overviewView } from './travelView';

export const OVERVIEW_TEXT = {
  preferences: 'Trip preferences',
  style: 'Travel style',
  group: 'Group',
  travellers: (n: number) => `${n} ${n === 1 ? 'traveller' : 'travellers'}`,
  budget: 'Budget',
  interests: 'Interests',
  weather: 'Weather & Climate',
  season: 'Current season',
  packing: 'Packing tips',
  attractions: 'Top Attractions',
  accommodations: 'Accommodation Options',
  localTips: 'Local Tips',
  culture: 'Culture',
  safety: 'Safety',
  preparing: 'Recommendations are being prepared',
  preparingHint: 'Weather, attractions, places to stay and local tips appear here when the plan is ready.',
  none: 'No recommendations yet',
  noneHint: 'Regenerate the plan to have Aide suggest what to see and where to stay.',
  noneBookedHint: 'Move the plan back to planning to regenerate it.',
  noneLockedHint: 'This trip has no suggestions of what to see or where to stay.',
  offline: "Suggestions from Aide's built-in planner (no AI model is configured): check the details before booking.",
  method: (method: string) => `Suggestions written by ${method}: check the details before booking.`,
} as const;

/** A titled block of the overview (an h3 with its icon). */
export function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section className="aide-travel-section" aria-label={title}>
      <Typography.Title
        level={3}
        className="aide-travel-section-title"
        style={{ fontSize: token.fontSize, margin: `0 0 ${token.marginXS}px` }}
      >
        <span aria-hidden className="aide-travel-section-icon">
          {icon}
        </span>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A list of short texts. */
export function TextList({ items }: { items: readonly string[] }) {
  return (
    <ul className="aide-travel-list">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Named places: the name in bold, the details after it. */
export function PlaceList<T extends { name: string; description?: string }>({
  items,
  details,
}: {
  items: readonly T[];
  details?: (item: T) => (string | undefined)[];
}) {
  return (
    <ul className="aide-travel-list aide-travel-places">
      {items.map((item, index) => {
        const meta = (details?.(item) ?? []).filter(Boolean);
        return (
          <li key={index}>
            <Typography.Text strong>{item.name}</Typography.Text>
            {meta.length ? <Typography.Text type="secondary"> · {meta.join(' · ')}</Typography.Text> : null}
            {item.description ? <div className="aide-travel-muted">{item.description}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Spec §2: weather and climate with packing tips and the season, then attractions, stays, tips, culture and safety. */
export function OverviewTab({ plan }: { plan: TravelPlan }) {
  const { token } = theme.useToken();
  const view = overviewView(plan);
  const { preferences } = plan;
  const method = plan.generation.method;

  return (
    <Flex vertical gap={token.marginMD}>
      <dl className="aide-travel-prefs" aria-label={OVERVIEW_TEXT.preferences}>
        <div>
          <dt>{OVERVIEW_TEXT.style}</dt>
          <dd>{TRAVEL_STYLE_LABELS[preferences.travelStyle] ?? preferences.travelStyle}</dd>
        </div>
        <div>
          <dt>{OVERVIEW_TEXT.group}</dt>
          <dd>{OVERVIEW_TEXT.travellers(preferences.groupSize)}</dd>
        </div>
        {preferences.budget ? (
          <div>
            <dt>{OVERVIEW_TEXT.budget}</dt>
            <dd>{preferences.budget}</dd>
          </div>
        ) : null}
        {preferences.interests.length ? (
          <div>
            <dt>{OVERVIEW_TEXT.interests}</dt>
            <dd>
              <Flex wrap gap={token.marginXXS}>
                {preferences.interests.map((interest) => (
                  <Tag key={interest} variant="filled" style={{ marginInlineEnd: 0 }}>
                    {interest}
                  </Tag>
                ))}
              </Flex>
            </dd>
          </div>
        ) : null}
      </dl>

      {overviewIsEmpty(view) ? (
        isGenerating(plan) ? (
          <EmptyState description={<EmptyText title={OVERVIEW_TEXT.preparing} hint={OVERVIEW_TEXT.preparingHint} />} />
        ) : (
          <EmptyState
            description={
              <EmptyText
                title={OVERVIEW_TEXT.none}
                hint={
                  plan.editable
                    ? OVERVIEW_TEXT.noneHint
                    : plan.status === 'booked'
                      ? OVERVIEW_TEXT.noneBookedHint
                      : OVERVIEW_TEXT.noneLockedHint
                }
              />
            }
          />
        )
      ) : (
        <div className="aide-travel-sections">
          {view.weather ? (
            <Section icon={<CloudOutlined />} title={OVERVIEW_TEXT.weather}>
              {view.weather.climate ? (
                <Typography.Paragraph style={{ marginBottom: token.marginXS }}>
                  {view.weather.climate}
                </Typography.Paragraph>
              ) : null}
              {view.weather.season ? (
                <Typography.Paragraph style={{ marginBottom: token.marginXS }}>
                  <Typography.Text type="secondary">{OVERVIEW_TEXT.season}: </Typography.Text>
                  <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                    {view.weather.season}
                  </Tag>
                </Typography.Paragraph>
              ) : null}
              {view.weather.packing.length ? (
                <>
                  <Typography.Text type="secondary">{OVERVIEW_TEXT.packing}</Typography.Text>
                  <TextList items={view.weather.packing} />
                </>
              ) : null}
            </Section>
          ) : null}
          {view.attractions.length ? (
            <Section icon={<StarOutlined />} title={OVERVIEW_TEXT.attractions}>
              <PlaceList items={view.attractions} />
            </Section>
          ) : null}
          {view.accommodations.length ? (
            <Section icon={<BankOutlined />} title={OVERVIEW_TEXT.accommodations}>
              <PlaceList items={view.accommodations} details={(item) => [item.area, item.priceRange]} />
            </Section>
          ) : null}
          {view.localTips.length ? (
            <Section icon={<BulbOutlined />} title={OVERVIEW_TEXT.localTips}>
              <TextList items={view.localTips} />
            </Section>
          ) : null}
          {view.culture.length ? (
            <Section icon={<ReadOutlined />} title={OVERVIEW_TEXT.culture}>
              <TextList items={view.culture} />
            </Section>
          ) : null}
          {view.safety.length ? (
            <Section icon={<SafetyOutlined />} title={OVERVIEW_TEXT.safety}>
              <TextList items={view.safety} />
            </Section>
          ) : null}
        </div>
      )}

      {method && !overviewIsEmpty(view) ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          <InfoCircleOutlined aria-hidden />{' '}
          {method.startsWith('offline') ? OVERVIEW_TEXT.offline : OVERVIEW_TEXT.method(method)}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

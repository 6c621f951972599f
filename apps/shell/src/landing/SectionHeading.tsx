import { Typography } from 'antd';

/** A landing section's centred heading (an h2) with a small label above and a lead below. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle: string;
}) {
  return (
    <div className="aide-section-heading">
      <Typography.Text className="aide-eyebrow">{eyebrow}</Typography.Text>
      <Typography.Title id={id} level={2} style={{ margin: '8px 0 12px' }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 17, margin: 0 }}>
        {subtitle}
      </Typography.Paragraph>
    </div>
  );
}

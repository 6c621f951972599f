import type { CSSProperties, ReactNode } from 'react';

/** Off screen but read by screen readers (the usual "sr-only" recipe). */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Text for screen readers only: the full date behind a day header's 'Sat 21', 'opens in a new tab'
 * after a link, a chart's description (`as="p"` with an `id` the chart's aria-describedby names).
 */
export function VisuallyHidden({
  children,
  as: Tag = 'span',
  id,
}: {
  children: ReactNode;
  as?: 'span' | 'p';
  id?: string;
}) {
  return (
    <Tag id={id} style={HIDDEN}>
      {children}
    </Tag>
  );
}

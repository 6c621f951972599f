import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with marked-up parts: `Read the <terms>terms</terms>` with
 * `{ terms: (text) => <a href="/terms">{text}</a> }`. The words stay in one message, so each
 * language can put the link where its grammar wants it. Tags do not nest.
 */
export function RichText({
  text,
  components,
}: {
  text: string;
  components: Record<string, (children: string) => ReactNode>;
}) {
  const parts: ReactNode[] = [];
  const tagPattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of text.matchAll(tagPattern)) {
    parts.push(text.slice(last, match.index));
    const render = components[match[1]];
    parts.push(<Fragment key={match.index}>{render ? render(match[2]) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

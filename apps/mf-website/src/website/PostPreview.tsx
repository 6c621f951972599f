import { useMemo } from 'react';
import { renderMarkdown } from './renderMarkdown';

/** A blog post's Markdown, rendered safely (marked + DOMPurify load with it, when a preview is first opened). */
export default function PostPreview({ content }: { content: string }) {
  const html = useMemo(() => renderMarkdown(content), [content]);
  return <div className="aide-website-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

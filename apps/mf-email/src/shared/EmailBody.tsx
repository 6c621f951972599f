import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Flex, Segmented, Typography, theme } from 'antd';
import type { Email } from '@aide/contracts';
import { useT } from '../i18n';
import { RemoteContentBar } from '../newsletters/RemoteContentBar';
import type { RemoteContentChoice } from '../newsletters/useNewsletters';
import { subjectOf } from './emailText';
import { emailFrameDocument } from './sanitizeEmailHtml';

/** Spec §9: the frame is at most 500 px high; a longer message scrolls inside it. */
export const EMAIL_FRAME_MAX_HEIGHT = 500;
const MIN_HEIGHT = 80;

/**
 * The frame's sandbox. NO allow-scripts, ever: nothing in a message may run. allow-same-origin only
 * lets this page measure the message's height (scripts being off, the message cannot use it);
 * adding allow-scripts next to it would let a message escape the sandbox, which is why neither
 * this list nor the sanitiser may be loosened. allow-popups(-to-escape-sandbox): a link opens in
 * a normal new tab (the sanitiser makes every link target=_blank rel=noopener noreferrer).
 */
export const EMAIL_FRAME_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/**
 * An HTML message, sanitised, in a sandboxed frame as high as its content up to 500 px. Remote
 * content (images, CSS url()s) is left out, and the frame's CSP refuses it, unless allowRemoteContent.
 */
export function SandboxedHtml({
  html,
  title,
  allowRemoteContent = false,
}: {
  html: string;
  title: string;
  allowRemoteContent?: boolean;
}) {
  const { token } = theme.useToken();
  const srcDoc = useMemo(() => emailFrameDocument(html, { allowRemoteContent }).html, [html, allowRemoteContent]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT * 2);

  const measure = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    const content = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
    setHeight(Math.min(EMAIL_FRAME_MAX_HEIGHT, Math.max(MIN_HEIGHT, content)));
  }, []);

  // Images arriving later change the height: measure again whenever anything in the message loads.
  const listeningTo = useRef<Document | null>(null);
  const onFrameLoad = useCallback(() => {
    listeningTo.current?.removeEventListener('load', measure, true);
    const doc = frame.current?.contentDocument ?? null;
    doc?.addEventListener('load', measure, true);
    listeningTo.current = doc;
    measure();
  }, [measure]);
  useEffect(() => () => listeningTo.current?.removeEventListener('load', measure, true), [measure]);

  return (
    <div
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        background: '#fff',
      }}
    >
      <iframe
        ref={frame}
        title={title}
        sandbox={EMAIL_FRAME_SANDBOX}
        srcDoc={srcDoc}
        referrerPolicy="no-referrer"
        onLoad={onFrameLoad}
        style={{ display: 'block', width: '100%', height, border: 0, background: '#fff' }}
      />
    </div>
  );
}

/** Plain text as written: line breaks kept, long words wrapped, at most 500 px before it scrolls. */
export function PlainTextBody({ text }: { text: string }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    // Focusable, so a long message scrolls with the keyboard too.
    <div
      tabIndex={0}
      role="region"
      aria-label={t('body.textLabel')}
      className="aide-email-focusable"
      style={{
        maxHeight: EMAIL_FRAME_MAX_HEIGHT,
        overflow: 'auto',
        padding: token.padding,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {text.trim() ? text : <Typography.Text type="secondary">{t('body.empty')}</Typography.Text>}
    </div>
  );
}

type View = 'html' | 'text';

/**
 * The message's body: its HTML part when it has one (with a switch to the plain text), else its text.
 * Remote images stay hidden until the reader shows them for this message, or always for its sender
 * (`remoteContent`: the user's choice for the sender, from useRemoteContentChoice).
 */
export function EmailBody({
  email,
  remoteContent,
}: {
  email: Pick<Email, 'body' | 'htmlBody' | 'subject'>;
  remoteContent?: RemoteContentChoice;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const hasHtml = Boolean(email.htmlBody?.trim());
  const [view, setView] = useState<View>('html');
  // "Show images" holds for this message only: another message opened here starts hidden again.
  const [shownFor, setShownFor] = useState<string | null>(null);
  const allowRemoteContent = remoteContent?.alwaysShown === true || (hasHtml && shownFor === email.htmlBody);
  const remoteBlocked = useMemo(
    () => (hasHtml && !allowRemoteContent ? emailFrameDocument(email.htmlBody!).remoteBlocked : 0),
    [hasHtml, allowRemoteContent, email.htmlBody],
  );
  if (!hasHtml) return <PlainTextBody text={email.body} />;
  return (
    <Flex vertical gap={token.marginXS}>
      {view === 'html' && remoteBlocked > 0 ? (
        <RemoteContentBar choice={remoteContent} onShow={() => setShownFor(email.htmlBody)} />
      ) : null}
      <Flex justify="flex-end">
        <Segmented<View>
          size="small"
          aria-label={t('body.viewLabel')}
          value={view}
          onChange={setView}
          options={[
            { value: 'html', label: t('body.formatted') },
            { value: 'text', label: t('body.plain') },
          ]}
        />
      </Flex>
      {view === 'html' ? (
        <SandboxedHtml
          html={email.htmlBody!}
          allowRemoteContent={allowRemoteContent}
          title={t('body.frameTitle', { subject: subjectOf(email) })}
        />
      ) : (
        <PlainTextBody text={email.body} />
      )}
    </Flex>
  );
}

import { button, byText, cleanup, click, mockFetch, render, renderScreen, route, settle, waitFor } from '@aide/testing';
import { EmailBodyWithPrivacy } from '../newsletters/EmailBodyWithPrivacy';
import { EMAIL_FRAME_MAX_HEIGHT, EMAIL_FRAME_SANDBOX, EmailBody } from './EmailBody';

afterEach(cleanup);

/** Waits for the frame to load its document (the component measures the message's height then). */
async function loaded(frame: HTMLIFrameElement) {
  await waitFor(() => frame.contentDocument?.readyState === 'complete');
  await settle();
}

describe('EmailBody', () => {
  it('shows HTML in a sandboxed frame that may not run scripts, from srcdoc, sanitised', async () => {
    const container = render(
      <EmailBody
        email={{
          subject: 'Hi',
          body: 'Hi',
          htmlBody: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
        }}
      />,
    );
    const frame = container.querySelector('iframe')!;
    expect(frame).not.toBeNull();
    await loaded(frame);
    const sandbox = frame.getAttribute('sandbox')!.split(/\s+/);
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(sandbox).not.toContain('allow-forms');
    expect(frame.getAttribute('sandbox')).toBe(EMAIL_FRAME_SANDBOX);
    expect(frame.hasAttribute('src')).toBe(false);
    const srcdoc = frame.getAttribute('srcdoc')!;
    expect(srcdoc).toContain('<p>Hi <a>x</a></p>');
    expect(srcdoc).not.toMatch(/<script|onclick|javascript:/i);
    expect(frame.getAttribute('title')).toBe('Message: Hi');
  });

  it('is never higher than 500 px', async () => {
    const container = render(
      <EmailBody email={{ subject: 'Hi', body: '', htmlBody: `<div style="height:3000px">Tall</div>` }} />,
    );
    await loaded(container.querySelector('iframe')!);
    expect(parseInt(container.querySelector('iframe')!.style.height, 10)).toBeLessThanOrEqual(EMAIL_FRAME_MAX_HEIGHT);
  });

  it('shows a plain-text email as text (no frame), its markup as literal characters', () => {
    const container = render(
      <EmailBody email={{ subject: 'Hi', body: 'Line one\n<b>not bold</b>', htmlBody: null }} />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('Line one\n<b>not bold</b>');
  });
});

describe('remote images (privacy, issue 24)', () => {
  const PIXEL = 'https://track.test/open.gif?u=ada';
  const newsletter = {
    subject: 'Weekly',
    body: 'Weekly',
    from: 'Weekly Digest <Digest@news.test>',
    htmlBody: `<p>Hello</p><img src="${PIXEL}" width="1" height="1" alt=""><img src="cid:logo@x" alt="Logo">`,
  };
  const srcdoc = () => document.querySelector('iframe')!.getAttribute('srcdoc')!;

  it('hides them behind a bar, and Show images brings back the original for this message', async () => {
    mockFetch(route('GET /api/emails/sender-rules', { body: [] }));
    renderScreen(<EmailBodyWithPrivacy email={newsletter} />);
    await waitFor(() => byText('Remote images are hidden to protect your privacy'));
    expect(srcdoc()).not.toContain('track.test');
    expect(srcdoc()).toContain('cid:logo@x');
    expect(srcdoc()).toContain('img-src data: cid:;');
    await click(button('Show images'));
    await waitFor(() => srcdoc().includes(PIXEL));
    expect(document.body.textContent).not.toContain('Remote images are hidden');
  });

  it('Always show from <sender> stores a rule for the sender, and its images show', async () => {
    let rules: unknown[] = [];
    const { calls } = mockFetch(
      route('GET /api/emails/sender-rules', () => ({ body: rules })),
      route('POST /api/emails/sender-rules', (call) => {
        rules = [{ id: 7, ...(call.body as object), createdAt: '2026-11-26T10:00:00.000Z' }];
        return { status: 201, body: rules[0] };
      }),
    );
    const { toasts } = renderScreen(<EmailBodyWithPrivacy email={newsletter} />);
    await click(await waitFor(() => button('Always show from digest@news.test')));
    await waitFor(() => srcdoc().includes('track.test'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      sender: 'digest@news.test',
      kind: 'remote-content',
    });
    expect(toasts).toContainEqual({ title: 'Images from digest@news.test will always show' });
    expect(document.body.textContent).not.toContain('Remote images are hidden');
  });

  it("shows a sender's images at once when the user always shows them", async () => {
    mockFetch(
      route('GET /api/emails/sender-rules', {
        body: [{ id: 1, sender: 'digest@news.test', kind: 'remote-content', createdAt: '2026-11-26T10:00:00.000Z' }],
      }),
    );
    renderScreen(<EmailBodyWithPrivacy email={newsletter} />);
    await waitFor(() => srcdoc().includes('track.test'));
    expect(document.body.textContent).not.toContain('Remote images are hidden');
  });

  it('shows no bar, and asks nothing, for a message without remote content', async () => {
    const { calls } = mockFetch();
    renderScreen(<EmailBodyWithPrivacy email={{ ...newsletter, htmlBody: '<p>Hi <img src="cid:a"></p>' }} />);
    await settle();
    expect(document.body.textContent).not.toContain('Remote images are hidden');
    expect(calls).toEqual([]);
  });
});

import { cleanup, render, settle, waitFor } from '@aide/testing';
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

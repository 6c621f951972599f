/** @jest-environment jsdom */
import '../test-dom';
import { byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import type { DigestPreview } from '@aide/contracts';
import { ThemeProvider } from '../theme/ThemeProvider';
import { WeeklyDigestPreview } from './WeeklyDigestPreview';

const preview: DigestPreview = {
  subject: 'Your week in review: March 10',
  html: '<!doctype html><html><body><h1>Your week in review: March 10</h1><p>You completed 2 tasks last week.</p></body></html>',
  text: 'Your week in review: March 10',
  wouldSend: true,
};

jest.setTimeout(20_000);
afterEach(() => cleanup());

function renderPreview(answer: DigestPreview) {
  const fetch = mockFetch(route('GET /api/digest/preview', { body: answer }));
  renderScreen(
    <ThemeProvider>
      <WeeklyDigestPreview />
    </ThemeProvider>,
    { path: '/profile' },
  );
  return fetch;
}

const frame = () =>
  document.body.querySelector<HTMLIFrameElement>('iframe[title="The weekly digest as it would arrive by mail"]');

describe('Profile → Weekly digest → Preview', () => {
  it('asks for nothing until opened, then shows the subject and the mail in a frame that runs nothing', async () => {
    const { calls } = renderPreview(preview);
    expect(calls).toEqual([]);
    await click(byText('Preview').closest('button')!);
    await waitFor(() => frame());
    expect(calls.map((call) => call.url)).toEqual(['/api/digest/preview']);
    expect(byText('Your week in review: March 10')).toBeTruthy();
    expect(frame()!.getAttribute('sandbox')).toBe('');
    expect(frame()!.getAttribute('srcdoc')).toBe(preview.html);
    expect(document.body.textContent).not.toContain('no digest would be sent');
  });

  it('says when nothing would be sent this week', async () => {
    renderPreview({ ...preview, wouldSend: false });
    await click(byText('Preview').closest('button')!);
    await waitFor(() => frame());
    expect(document.body.textContent).toContain(
      'There is nothing to tell you this week, so no digest would be sent now.',
    );
  });
});

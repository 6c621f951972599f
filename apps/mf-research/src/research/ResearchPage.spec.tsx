import {
  act,
  allByText,
  button,
  byText,
  click,
  cleanup,
  mockFetch,
  pickMenuItem,
  renderScreen,
  route,
  settle,
  testUser,
  type,
  waitFor,
} from '@aide/testing';
import { endpointUrl } from '@aide/api-client';
import { type EndpointDefinition, planQuotaMessage, RESEARCH_MESSAGES, researchEndpoints } from '@aide/contracts';
import { aCompletedReport, aReport, aSource } from '../../test/factories';
import ResearchPage from './ResearchPage';

afterEach(cleanup);

const { list, start, rerun, archive, update, remove } = researchEndpoints;
/** The address a call of `definition` goes to, e.g. url(rerun, 1) → the rerun of report 1. */
const url = (definition: EndpointDefinition, id?: number) => endpointUrl(definition, id ? { id } : undefined);
/** 'METHOD /path' for route(). */
const at = (definition: EndpointDefinition, id?: number) => `${definition.method} ${url(definition, id)}`;

const LIST = `GET ${endpointUrl(list, { userId: testUser.id })}`;
const solar = aCompletedReport({ id: 1, topic: 'Solar power costs', tags: ['energy'], category: 'environment' });
const quantum = aReport({ id: 2, topic: 'Quantum computing', status: 'in_progress', progress: 30 });
const sleep = aReport({ id: 3, topic: 'Sleep and memory', status: 'pending', summary: 'About REM sleep' });
const broken = aReport({ id: 4, topic: 'Broken topic', status: 'failed', error: 'Nothing could be read' });
const archived = aCompletedReport({ id: 5, topic: 'Old archived study', isArchived: true });
const all = [solar, quantum, sleep, broken, archived];

const topics = () => Array.from(document.body.querySelectorAll('article h2')).map((h) => h.textContent);
const tile = (title: string) =>
  byText(title).closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;
const dialog = () =>
  document.body.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
const field = (label: string) =>
  document.getElementById(byText(label, 'label').getAttribute('for')!) as HTMLInputElement | HTMLTextAreaElement;

async function screen(reports = all, path = '/research') {
  const fetch = mockFetch(route(LIST, { body: reports }));
  const rendered = renderScreen(<ResearchPage />, { path });
  await waitFor(() => !document.body.querySelector('[aria-busy="true"]'));
  return { ...fetch, ...rendered };
}

describe('ResearchPage: the list', () => {
  it("asks for the signed-in user's reports, shows the title and counts the non-archived ones", async () => {
    const { calls } = await screen();
    expect(calls[0]).toMatchObject({ method: 'GET', url: endpointUrl(list, { userId: 1 }) });
    expect(byText('Research Hub', 'h1')).toBeTruthy();
    expect(allByText('AI-powered research and analysis')).toHaveLength(1);
    expect([tile('Total Reports'), tile('Completed'), tile('In Progress'), tile('Pending')]).toEqual([
      '4',
      '1',
      '1',
      '1',
    ]);
    expect(allByText('1 archived, not counted')).toHaveLength(1);
    expect(topics()).toEqual(['Solar power costs', 'Quantum computing', 'Sleep and memory', 'Broken topic']);
  });

  it('shows archived reports only with Show Archived', async () => {
    await screen();
    await click(button('Show Archived'));
    expect(topics()).toContain('Old archived study');
    expect(button('Hide Archived').getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by topic, summary, tags and category, and says when nothing matches', async () => {
    await screen();
    const search = document.body.querySelector<HTMLInputElement>('input[aria-label="Search research reports"]')!;
    await type(search, 'energy');
    expect(topics()).toEqual(['Solar power costs']);
    await type(search, 'rem');
    expect(topics()).toEqual(['Sleep and memory']);
    await type(search, 'nothing like this');
    expect(topics()).toEqual([]);
    expect(allByText('No reports match your search')).toHaveLength(1);
    await click(button('Clear search'));
    expect(topics()).toHaveLength(4);
  });

  it('shows an empty state with Start Research when there are no reports', async () => {
    await screen([]);
    expect(allByText('No research yet')).toHaveLength(1);
    const starts = Array.from(document.body.querySelectorAll('button')).filter(
      (b) => b.textContent === 'Start Research',
    );
    expect(starts).toHaveLength(2);
    await click(starts[1]);
    await waitFor(() => dialog()?.textContent?.includes('Research topic'));
  });
});

describe('ResearchPage: the Start Research dialog', () => {
  async function openStart() {
    const screenApi = await screen([solar]);
    await click(button('Start Research'));
    await waitFor(() => dialog());
    return screenApi;
  }
  const submit = () =>
    click(Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent === 'Start Research')!);

  it("requires a topic: 'Research topic is required'", async () => {
    const { calls } = await openStart();
    await submit();
    await waitFor(() => allByText(RESEARCH_MESSAGES.topicRequired).length > 0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("sends the host user's id, the category and the tags trimmed, and shows the new pending card", async () => {
    const { calls, use, toasts } = await openStart();
    const created = aReport({
      id: 9,
      topic: 'Heat pumps',
      status: 'pending',
      category: 'technology',
      tags: ['a', 'b'],
    });
    use(route(at(start), { status: 201, body: created }), route(LIST, { body: [created, solar] }));
    await type(field('Research topic'), 'Heat pumps');
    await type(field('Tags'), '  a, , b ');
    // The category: pick Technology.
    const select = dialog().querySelector('.ant-select')!;
    await act(async () => {
      select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => allByText('Technology', '.ant-select-item-option-content').length > 0);
    await click(allByText('Technology', '.ant-select-item-option-content')[0]);
    await submit();
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: url(start),
      body: { userId: testUser.id, topic: 'Heat pumps', category: 'technology', tags: ['a', 'b'] },
    });
    await waitFor(() => topics()[0] === 'Heat pumps');
    expect(toasts.map((t) => t.title)).toContain('Research started');
  });

  it('sends empty tags and no category as null', async () => {
    const { calls, use } = await openStart();
    use(route(at(start), { status: 201, body: aReport({ topic: 'X' }) }));
    await type(field('Research topic'), 'X');
    await type(field('Tags'), ' , ');
    await submit();
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      userId: testUser.id,
      topic: 'X',
      category: null,
      tags: null,
    });
  });

  it("toasts 'Failed to start research' with the server's message, and stays open", async () => {
    const { use, toasts } = await openStart();
    use(route(at(start), { status: 400, body: { message: 'At most 20 tags' } }));
    await type(field('Research topic'), 'X');
    await submit();
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to start research',
      description: 'At most 20 tags',
      variant: 'destructive',
    });
    expect(dialog()).toBeTruthy();
  });

  it("toasts the plan's daily limit when the API refuses the run (403)", async () => {
    const { use, toasts } = await openStart();
    use(
      route(at(start), {
        status: 403,
        body: { message: planQuotaMessage('free', 'researchRunsPerDay') },
      }),
    );
    await type(field('Research topic'), 'X');
    await submit();
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to start research',
      description: planQuotaMessage('free', 'researchRunsPerDay'),
      variant: 'destructive',
    });
  });
});

describe('ResearchPage: actions', () => {
  it('reruns with newParameters from the prefilled form', async () => {
    const { calls, use } = await screen([solar]);
    use(route(at(rerun, 1), { body: { ...solar, status: 'pending' } }));
    await pickMenuItem('Actions for Solar power costs', 'Rerun');
    await waitFor(() => dialog()?.textContent?.includes('Rerun Research'));
    expect((field('Research topic') as HTMLTextAreaElement).value).toBe('Solar power costs');
    expect(field('Tags').value).toBe('energy');
    await type(field('Research topic'), 'Solar power costs in 2026');
    await click(Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent === 'Rerun')!);
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: url(rerun, 1),
      body: { newParameters: { topic: 'Solar power costs in 2026', category: 'environment', tags: ['energy'] } },
    });
  });

  it("toasts 'Failed to rerun research' with the 409's message", async () => {
    const { use, toasts } = await screen([broken]);
    use(route(at(rerun, 4), { status: 409, body: { message: RESEARCH_MESSAGES.stillRunning } }));
    await click(Array.from(document.body.querySelectorAll('article button')).find((b) => b.textContent === 'Rerun')!);
    await waitFor(() => dialog()?.textContent?.includes('Rerun Research'));
    await click(Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent === 'Rerun')!);
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to rerun research',
      description: RESEARCH_MESSAGES.stillRunning,
      variant: 'destructive',
    });
  });

  it('asks before deleting, and deletes only on confirm', async () => {
    const { calls, use, toasts } = await screen([solar, sleep]);
    use(route(at(remove, 1), { status: 204 }), route(LIST, { body: [sleep] }));
    await pickMenuItem('Actions for Solar power costs', 'Delete');
    await waitFor(() => allByText('Delete the report “Solar power costs”?').length > 0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(button('Cancel'));
    await settle();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await pickMenuItem('Actions for Solar power costs', 'Delete');
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    await click(
      Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find((b) => b.textContent === 'Delete')!,
    );
    await waitFor(() => calls.some((c) => c.method === 'DELETE'));
    await waitFor(() => !topics().includes('Solar power costs'));
    expect(toasts.map((t) => t.title)).toContain('Report deleted');
  });

  it("archives, and toasts 'Failed to archive research report' when it fails", async () => {
    const { calls, use, toasts } = await screen([solar]);
    use(route(at(archive, 1), { status: 500, body: { message: 'Database unavailable' } }));
    await pickMenuItem('Actions for Solar power costs', 'Archive');
    await waitFor(() => toasts.length > 0);
    expect(calls.some((c) => c.url === url(archive, 1))).toBe(true);
    expect(toasts[0]).toEqual({
      title: 'Failed to archive research report',
      description: 'Database unavailable',
      variant: 'destructive',
    });
  });

  it('edits the category and tags with PATCH', async () => {
    const { calls, use } = await screen([solar]);
    use(route(at(update, 1), { body: { ...solar, tags: ['sun'] } }));
    await pickMenuItem('Actions for Solar power costs', 'Edit');
    await waitFor(() => dialog()?.textContent?.includes('Edit Report'));
    await type(field('Tags'), 'sun, ');
    await click(button('Save Changes'));
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ category: 'environment', tags: ['sun'] });
  });
});

describe('ResearchPage: the full report', () => {
  const report = aCompletedReport({
    id: 7,
    topic: 'Battery chemistry',
    content:
      '## Findings\n\nSodium cells are cheaper [2].\n\n<script>window.pwned = 1</script>\n\n## Sources\n\n1. one\n2. two',
    sourceDetails: [
      aSource({ number: 1, title: 'First study' }),
      aSource({
        number: 2,
        title: 'Second study',
        author: 'Ada',
        credibility: { score: 82, parts: [{ factor: 'domain', points: 18, max: 20, reason: 'A university site' }] },
      }),
    ],
  });

  it('opens from ?open=<id>, renders the Markdown safely, and a citation [2] leads to source 2', async () => {
    await screen([report], '/research?open=7');
    await waitFor(() => dialog()?.querySelector('.aide-research-report'));
    const modal = dialog();
    expect(modal.querySelector('.ant-modal-title')!.textContent).toBe('Battery chemistry');
    expect(modal.querySelector('.aide-research-report h2')!.textContent).toBe('Findings');
    expect(modal.querySelector('script')).toBeNull();
    // One Sources list: the dialog's own, not the content's.
    expect(Array.from(modal.querySelectorAll('h2, h3')).filter((h) => h.textContent === 'Sources')).toHaveLength(1);
    const cite = modal.querySelector<HTMLAnchorElement>('a.aide-research-cite')!;
    expect(cite.getAttribute('href')).toBe('#research-source-2');
    await click(cite);
    const source = document.getElementById('research-source-2')!;
    expect(source.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(source);
    expect(source.textContent).toContain('Second study');
    expect(source.textContent).toContain('Credibility 82/100');
    // The score's parts, with the factor's label.
    await click(source.querySelector('.ant-collapse-header')!);
    await waitFor(() => source.textContent?.includes('Kind of site'));
    expect(source.textContent).toContain('18/20');
    expect(source.textContent).toContain('A university site');
  });

  it("opens from the card's View Full Report and closes back to /research", async () => {
    const { location } = await screen([report]);
    await click(button('View Full Report'));
    expect(location().search).toBe('?open=7');
    await waitFor(() => dialog()?.querySelector('.aide-research-report'));
    await click(button('Close'));
    expect(location().search).toBe('');
  });

  it('says when the report in the address does not exist', async () => {
    await screen([report], '/research?open=999');
    await waitFor(() => allByText(RESEARCH_MESSAGES.notFound).length > 0);
  });
});

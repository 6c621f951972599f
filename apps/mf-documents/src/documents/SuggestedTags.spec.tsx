import { DOCUMENT_MESSAGES } from '@aide/contracts';
import { aDocument, summaryOf } from '../../test/factories';
import {
  button,
  click,
  endpointUrl,
  mockFetch,
  renderScreen,
  route,
  routeOf,
  routes,
  waitFor,
} from '../../test/harness';
import { cleanup } from '@aide/testing';
import DocumentsPage from './DocumentsPage';
import DocumentViewDialog from './DocumentViewDialog';

afterEach(cleanup);

// Issue 30: the AI's suggestions are shown apart from the person's own tags, kept with one click.
const invoice = aDocument({
  id: 41,
  originalName: 'boiler-invoice.txt',
  mimeType: 'text/plain',
  tags: ['home'],
  suggestedTags: ['boiler repair', 'invoice amount', 'payment', 'tax'],
  suggestedCategory: 'Financial',
});

const card = () => document.body.querySelector('[data-testid="document-41"]')!;
const ownTags = () =>
  Array.from(card().querySelectorAll('[aria-label="Tags"] [role="listitem"]')).map((el) => el.textContent);
const suggestions = (within: Element = card()) =>
  Array.from(within.querySelectorAll('[role="group"][aria-label="Suggested tags"] .aide-docs-suggestion')).map(
    (el) => el.textContent,
  );

async function showCard(...more: Parameters<typeof mockFetch>) {
  const fetched = mockFetch(
    route(routeOf(routes.folders), { body: [] }),
    route(routeOf(routes.list, undefined, { folderId: 'root' }), { body: [summaryOf(invoice)] }),
    ...more,
  );
  const screen = renderScreen(<DocumentsPage />);
  await waitFor(() => document.body.querySelector('[data-testid="document-41"]'));
  return { ...fetched, screen };
}

describe('suggested tags on a document card', () => {
  it("shows them after 'Suggested:', apart from the person's own tags, at most three, and the category first; nothing where none are left", async () => {
    const plain = aDocument({ id: 42, originalName: 'plain.txt', tags: ['home'] });
    await showCard(
      route(routeOf(routes.list, undefined, { folderId: 'root' }), { body: [summaryOf(invoice), summaryOf(plain)] }),
    );
    expect(document.body.querySelector('[data-testid="document-42"]')!.textContent).not.toContain('Suggested');
    expect(ownTags()).toEqual(['home']);
    const group = card().querySelector('[role="group"][aria-label="Suggested tags"]')!;
    expect(group.textContent).toContain('Suggested:');
    expect(suggestions()).toEqual(['Financial', 'boiler repair', 'invoice amount', 'payment']);
    expect(group.querySelector('[aria-label="1 more suggested: tax"]')).not.toBeNull();
    // Not the person's category: no category tag of their own on the card.
    expect(card().querySelector('.ant-tag-green')).toBeNull();
  });

  it('keeps a tag with one click: it moves to the tags, and says so', async () => {
    const { calls, use, screen } = await showCard();
    const kept = summaryOf(
      aDocument({ ...invoice, tags: ['home', 'boiler repair'], suggestedTags: ['invoice amount', 'payment', 'tax'] }),
    );
    use(
      route(routeOf(routes.keepSuggestion, { id: 41 }), { body: kept }),
      route(routeOf(routes.list, undefined, { folderId: 'root' }), { body: [kept] }),
    );
    await click(button('Keep the tag boiler repair'));
    await waitFor(() => ownTags().length === 2);
    expect(ownTags()).toEqual(['home', 'boiler repair']);
    expect(suggestions()).toEqual(['Financial', 'invoice amount', 'payment', 'tax']);
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch).toEqual({
      method: 'PATCH',
      url: endpointUrl(routes.keepSuggestion, { id: 41 }),
      body: { tag: 'boiler repair' },
    });
    expect(screen.toasts).toEqual([{ title: 'Tag “boiler repair” kept' }]);
  });

  it('keeps the suggested category', async () => {
    const { calls, screen } = await showCard(
      route(routeOf(routes.keepSuggestion, { id: 41 }), {
        body: summaryOf(aDocument({ ...invoice, category: 'Financial', suggestedCategory: null })),
      }),
    );
    await click(button('Keep the category Financial'));
    await waitFor(() => screen.toasts.length > 0);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ category: 'Financial' });
    expect(screen.toasts).toEqual([{ title: 'Category set to Financial' }]);
  });

  it('dismisses them all, keeping the tags the person has', async () => {
    const { calls, use, screen } = await showCard();
    const dismissed = summaryOf(aDocument({ ...invoice, suggestedTags: [], suggestedCategory: null }));
    use(
      route(routeOf(routes.dismissSuggestions, { id: 41 }), { body: dismissed }),
      route(routeOf(routes.list, undefined, { folderId: 'root' }), { body: [dismissed] }),
    );
    await click(button('Dismiss suggestions'));
    await waitFor(() => !card().querySelector('[role="group"][aria-label="Suggested tags"]'));
    expect(ownTags()).toEqual(['home']);
    expect(
      calls.some((c) => c.method === 'PATCH' && c.url === endpointUrl(routes.dismissSuggestions, { id: 41 })),
    ).toBe(true);
    expect(screen.toasts).toEqual([{ title: 'Suggestions dismissed' }]);
  });

  it("says why a suggestion could not be kept, in the reader's words", async () => {
    const { screen } = await showCard(
      route(routeOf(routes.keepSuggestion, { id: 41 }), {
        status: 400,
        body: { message: DOCUMENT_MESSAGES.suggestionNotOffered },
      }),
    );
    await click(button('Keep the tag payment'));
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts).toEqual([
      {
        title: 'Failed to update document',
        description: 'This suggestion is no longer offered for this document',
        variant: 'destructive',
      },
    ]);
  });
});

describe('suggested tags in the view dialog', () => {
  it('lists every suggestion apart from the tags, and keeps or dismisses through the screen', async () => {
    mockFetch(route(routeOf(routes.get, { id: 41 }), { body: invoice }));
    const onSuggestion = jest.fn();
    renderScreen(
      <DocumentViewDialog
        open
        documentId={41}
        folders={[]}
        onClose={jest.fn()}
        onEdit={jest.fn()}
        onSuggestion={onSuggestion}
      />,
    );
    await waitFor(() => document.body.querySelector('[role="group"][aria-label="Suggested tags"]'));
    const modal = document.body.querySelector('.ant-modal')!;
    expect(suggestions(modal)).toEqual(['Financial', 'boiler repair', 'invoice amount', 'payment', 'tax']);
    expect(modal.textContent).toContain("Suggested from the document's text. Click one to keep it.");
    // The row's label says it once; no second 'Suggested:' inside it.
    expect(modal.textContent).not.toContain('Suggested:');
    await click(button('Keep the tag tax'));
    expect(onSuggestion).toHaveBeenLastCalledWith(invoice, { keep: 'tag', tag: 'tax' });
    await click(button('Dismiss suggestions'));
    expect(onSuggestion).toHaveBeenLastCalledWith(invoice, { dismiss: true });
  });
});

import { useState } from 'react';
import { act, button, cleanup, click, renderScreen, type } from '@aide/testing';
import { TagEntry, TagList } from './TagInput';

afterEach(cleanup);

/** A form with a tag list in it, as the travel and blog dialogs use it. */
function KeywordsForm({ onSubmit, initial = [] }: { onSubmit: () => void; initial?: string[] }) {
  const [draft, setDraft] = useState('');
  const [keywords, setKeywords] = useState<string[]>(initial);
  const add = () => {
    const keyword = draft.trim();
    if (keyword && !keywords.includes(keyword)) setKeywords([...keywords, keyword]);
    setDraft('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TagEntry
        id="keywords"
        draft={draft}
        onDraftChange={setDraft}
        onAdd={add}
        addLabel="Add keyword"
        placeholder="Keyword"
      />
      <TagList
        label="Keywords"
        items={keywords}
        onRemove={(k) => setKeywords(keywords.filter((x) => x !== k))}
        removeLabel={(k) => `Remove ${k}`}
      />
    </form>
  );
}

const input = () => document.getElementById('keywords') as HTMLInputElement;
const tags = () =>
  Array.from(document.querySelectorAll('[role="list"][aria-label="Keywords"] [role="listitem"]')).map(
    (el) => el.textContent,
  );

function pressKey(key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    input().dispatchEvent(event);
  });
  return event;
}

describe('TagEntry and TagList', () => {
  it('adds the typed tag on Enter and never submits the form', async () => {
    const submit = jest.fn();
    renderScreen(<KeywordsForm onSubmit={submit} />);
    await type(input(), 'heat islands');
    const enter = pressKey('Enter');
    expect(tags()).toEqual(['heat islands']);
    expect(input().value).toBe('');
    expect(enter.defaultPrevented).toBe(true);
    expect(submit).not.toHaveBeenCalled();
  });

  it('does not add while an input method is still composing', async () => {
    renderScreen(<KeywordsForm onSubmit={jest.fn()} />);
    await type(input(), 'にほん');
    pressKey('Enter', { isComposing: true });
    expect(tags()).toEqual([]);
    expect(input().value).toBe('にほん');
  });

  it('adds with the + button, which is off while nothing is typed', async () => {
    renderScreen(<KeywordsForm onSubmit={jest.fn()} />);
    expect(button('Add keyword').disabled).toBe(true);
    await type(input(), '   ');
    expect(button('Add keyword').disabled).toBe(true);
    await type(input(), 'travel');
    expect(button('Add keyword').disabled).toBe(false);
    await click(button('Add keyword'));
    expect(tags()).toEqual(['travel']);
  });

  it('removes a tag with its close button, and shows no list once empty', async () => {
    renderScreen(<KeywordsForm onSubmit={jest.fn()} initial={['rome', 'paris']} />);
    expect(tags()).toEqual(['rome', 'paris']);
    await click(document.querySelector('[aria-label="Remove rome"]')!);
    expect(tags()).toEqual(['paris']);
    await click(document.querySelector('[aria-label="Remove paris"]')!);
    expect(document.querySelector('[role="list"]')).toBeNull();
  });

  it('is fully off when disabled', () => {
    renderScreen(
      <TagEntry
        id="keywords"
        draft="rome"
        onDraftChange={jest.fn()}
        onAdd={jest.fn()}
        addLabel="Add keyword"
        disabled
      />,
    );
    expect(input().disabled).toBe(true);
    expect(button('Add keyword').disabled).toBe(true);
  });
});

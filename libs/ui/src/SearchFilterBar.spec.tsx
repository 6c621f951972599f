import { Select } from 'antd';
import { useState } from 'react';
import { button, cleanup, click, renderScreen, type } from '@aide/testing';
import { ArchivedToggle, SearchFilterBar } from './SearchFilterBar';

afterEach(cleanup);

function Bar({ onSearch }: { onSearch: (text: string) => void }) {
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  return (
    <SearchFilterBar
      search={search}
      onSearchChange={(text) => {
        setSearch(text);
        onSearch(text);
      }}
      placeholder="Search documents..."
      searchLabel="Search documents"
      filters={[
        {
          key: 'category',
          width: { xs: 14, md: 6, lg: 5 },
          control: <Select aria-label="Filter by category" value="" options={[{ value: '', label: 'All' }]} />,
        },
        {
          key: 'archived',
          width: { xs: 10, md: 6, lg: 5 },
          control: (
            <ArchivedToggle
              showArchived={showArchived}
              onToggle={() => setShowArchived((on) => !on)}
              showLabel="Show Archived"
              hideLabel="Hide Archived"
            />
          ),
        },
      ]}
    />
  );
}

describe('SearchFilterBar', () => {
  it('is a labelled search box that reports what is typed, then the filters in order', async () => {
    const typed: string[] = [];
    const { container } = renderScreen(<Bar onSearch={(text) => typed.push(text)} />);
    const box = container.querySelector<HTMLInputElement>('input[aria-label="Search documents"]')!;
    expect(box.placeholder).toBe('Search documents...');
    expect(box.maxLength).toBe(200);
    await type(box, 'invoice');
    expect(typed).toEqual(['invoice']);
    expect(box.value).toBe('invoice');

    const columns = Array.from(container.querySelectorAll('.ant-row > .ant-col'));
    expect(columns).toHaveLength(3);
    // The search box takes what the filters leave: 24 - 6 - 6 at md, 24 - 5 - 5 at lg.
    expect(columns[0].className).toMatch(/ant-col-xs-24\b.*ant-col-md-12\b.*ant-col-lg-14\b/);
    expect(columns[1].querySelector('[aria-label="Filter by category"]')).not.toBeNull();
    expect(columns[2].textContent).toBe('Show Archived');
  });

  it("toggles archived items, pressed while they show, with the screen's own words", async () => {
    renderScreen(<Bar onSearch={() => undefined} />);
    expect(button('Show Archived').getAttribute('aria-pressed')).toBe('false');
    await click(button('Show Archived'));
    expect(button('Hide Archived').getAttribute('aria-pressed')).toBe('true');
  });

  it('gives the search box the whole row when there are no filters', () => {
    const { container } = renderScreen(
      <SearchFilterBar search="" onSearchChange={() => undefined} placeholder="Search" searchLabel="Search reports" />,
    );
    expect(container.querySelector('.ant-col')?.className).toMatch(/ant-col-md-24\b.*ant-col-lg-24\b/);
  });
});

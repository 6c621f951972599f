import { ApiError } from '@aide/api-client';
import { button, cleanup, click, renderScreen } from '@aide/testing';
import { FetchErrorAlert, type RefetchableQuery } from './FetchErrorAlert';

afterEach(cleanup);

const failed = (error: unknown, more: Partial<RefetchableQuery> = {}): RefetchableQuery => ({
  isError: true,
  isFetching: false,
  error,
  refetch: jest.fn(),
  ...more,
});

describe('FetchErrorAlert', () => {
  it('shows nothing while the data loads or has loaded', () => {
    const { container } = renderScreen(
      <FetchErrorAlert
        query={{ isError: false, isFetching: true, error: null, refetch: jest.fn() }}
        title="Failed to fetch documents"
      />,
    );
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('says what failed and why, in the API’s own words', () => {
    const { container } = renderScreen(
      <FetchErrorAlert
        query={failed(new ApiError(403, JSON.stringify({ message: 'Documents are not in your plan' }), 'Forbidden'))}
        title="Failed to fetch documents"
      />,
    );
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Failed to fetch documents');
    expect(alert?.textContent).toContain('Documents are not in your plan');
  });

  it('says when the server could not be reached', () => {
    const { container } = renderScreen(
      <FetchErrorAlert query={failed(new TypeError('Failed to fetch'))} title="Failed to fetch trips" />,
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Could not reach the server');
  });

  it('fetches again when Retry is clicked', async () => {
    const query = failed(new ApiError(500, '', 'Internal Server Error'));
    renderScreen(<FetchErrorAlert query={query} title="Failed to fetch posts" />);
    await click(button('Retry'));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('names the button as asked, and shows it busy while the retry runs', () => {
    renderScreen(
      <FetchErrorAlert
        query={failed(new ApiError(500, '', ''), { isFetching: true })}
        title="Failed to fetch posts"
        retryLabel="Try again"
      />,
    );
    expect(button('Try again').className).toContain('ant-btn-loading');
  });
});

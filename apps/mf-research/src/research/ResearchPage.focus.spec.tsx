import {
  allByText,
  button,
  cleanup,
  click,
  mockFetch,
  pickMenuItem,
  renderScreen,
  route,
  settle,
  testUser,
  waitFor,
} from '@aide/testing';
import { endpointUrl } from '@aide/api-client';
import { researchEndpoints } from '@aide/contracts';
import { aCompletedReport } from '../../test/factories';
import ResearchPage from './ResearchPage';

afterEach(cleanup);

const LIST = `GET ${endpointUrl(researchEndpoints.list, { userId: testUser.id })}`;
const solar = aCompletedReport({ id: 1, topic: 'Solar power costs' });
const wind = aCompletedReport({ id: 2, topic: 'Wind farms' });

describe('ResearchPage: the focus after a menu action (keyboard users keep their place)', () => {
  it('goes back to the card after a cancelled delete, and to the next card after a delete', async () => {
    const { use } = mockFetch(route(LIST, { body: [solar, wind] }));
    renderScreen(<ResearchPage />, { path: '/research' });
    await waitFor(() => !document.body.querySelector('[aria-busy="true"]'));

    await pickMenuItem('Actions for Solar power costs', 'Delete');
    await waitFor(() => allByText('Delete the report “Solar power costs”?').length > 0);
    await click(button('Cancel'));
    await settle();
    expect(document.activeElement).toBe(button('Actions for Solar power costs'));

    use(
      route(`DELETE ${endpointUrl(researchEndpoints.remove, { id: 1 })}`, { status: 204 }),
      route(LIST, { body: [wind] }),
    );
    await pickMenuItem('Actions for Solar power costs', 'Delete');
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    await click(
      Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find((b) => b.textContent === 'Delete')!,
    );
    await waitFor(() => document.activeElement === button('Actions for Wind farms'));
  });
});

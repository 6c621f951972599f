import { QueryObserver } from '@tanstack/react-query';
import { z } from 'zod';
import { createQueryClient } from '@aide/api-client';
import { DASHBOARD_QUERY_KEY, dashboardPartOptions } from './useDashboardPart';

const emailPart = z.object({ unread: z.number(), urgentUnread: z.number() });

/** What a card reading `moduleId`'s part sees once the shared answer is in the cache. */
function partOf<T>(answer: unknown, moduleId: string, schema: z.ZodType<T>) {
  const client = createQueryClient();
  client.setQueryData(DASHBOARD_QUERY_KEY, answer);
  return new QueryObserver(client, dashboardPartOptions(moduleId, schema)).getCurrentResult();
}

describe('dashboardPartOptions', () => {
  const answer = { modules: { email: { unread: 4, urgentUnread: 1 }, research: { reports: 'many' } } };

  it("reads one module's part of the shared dashboard answer, checked by its schema", () => {
    const result = partOf(answer, 'email', emailPart);
    expect(result.status).toBe('success');
    expect(result.data).toEqual({ unread: 4, urgentUnread: 1 });
  });

  it('makes a part that breaks its schema an error of that part only', () => {
    const research = partOf(answer, 'research', z.object({ reports: z.number() }));
    expect(research.status).toBe('error');
    expect(research.error).toBeInstanceOf(z.ZodError);
    expect(partOf(answer, 'email', emailPart).status).toBe('success');
  });

  it('makes a missing part an error, not undefined data', () => {
    const result = partOf({ modules: {} }, 'website', z.object({ views: z.number() }));
    expect(result.status).toBe('error');
    expect(result.data).toBeUndefined();
  });

  it('shares the one dashboard query between modules', () => {
    expect(dashboardPartOptions('email', emailPart).queryKey).toEqual(['/api/dashboard']);
    expect(dashboardPartOptions('research', emailPart).queryKey).toEqual(['/api/dashboard']);
  });
});

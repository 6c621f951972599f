import { EventEmitter } from 'node:events';
import type { Repository } from 'typeorm';
import type { FeatureToggleEntity } from './feature-toggle.entity';
import { FeatureTogglesService } from './feature-toggles.service';
import { forgetRequestToggles, requestToggles, type ToggleRow, withRequestToggles } from './request-toggles';

const row = (name: string, enabled: boolean): ToggleRow => ({ name, enabled, adminOnly: false, planRequired: 'free' });
const member = { role: 'user', plan: 'free' } as const;

/** A toggles repository whose reads are counted; every toggle it holds is on. */
function countingRepository() {
  const reads: string[] = [];
  const repository = {
    findOneBy: jest.fn(async ({ name }: { name: string }) => {
      reads.push(name);
      return row(name, true);
    }),
    update: jest.fn(async () => ({ affected: 1 })),
    findBy: jest.fn(async () => []),
  };
  return { reads, repository: repository as unknown as Repository<FeatureToggleEntity> };
}

it("answers from the request's toggles without a query, and a missing toggle counts as off", async () => {
  const { reads, repository } = countingRepository();
  const service = new FeatureTogglesService(repository);
  await withRequestToggles([row('module.tasks', true), row('module.email', false)], new EventEmitter(), async () => {
    expect(await service.isEnabledFor(member, 'module.tasks')).toBe(true);
    expect(await service.isEnabledFor(member, 'module.email')).toBe(false);
    expect(await service.isEnabledFor(member, 'module.unknown')).toBe(false);
  });
  expect(reads).toEqual([]);
});

it('reads the table again for the rest of a request that changed a toggle, and outside any request', async () => {
  const { reads, repository } = countingRepository();
  const service = new FeatureTogglesService(repository);
  (repository.findOneBy as jest.Mock).mockImplementation(async ({ name, id }: { name?: string; id?: number }) => {
    reads.push(name ?? `#${id}`);
    return {
      ...row(name ?? 'module.email', true),
      id: 1,
      description: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
  });
  await withRequestToggles([row('module.email', false)], new EventEmitter(), async () => {
    expect(await service.isEnabledFor(member, 'module.email')).toBe(false);
    await service.update(1, { enabled: true });
    expect(requestToggles()).toBeUndefined();
    expect(await service.isEnabledFor(member, 'module.email')).toBe(true);
  });
  expect(await service.isEnabledFor(member, 'module.email')).toBe(true);
  expect(reads).toEqual(['#1', 'module.email', 'module.email']);
});

it('keeps each request to its own toggles', async () => {
  const seen: (boolean | undefined)[] = [];
  await Promise.all([
    withRequestToggles([row('a', true)], new EventEmitter(), async () => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(requestToggles()?.get('a')?.enabled);
    }),
    withRequestToggles([row('a', false)], new EventEmitter(), async () => {
      forgetRequestToggles();
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(requestToggles()?.get('a')?.enabled);
    }),
  ]);
  expect(seen.sort()).toEqual([true, undefined]);
  expect(requestToggles()).toBeUndefined();
});

it('drops the toggles once the response has closed, for whatever the request left running', async () => {
  const response = new EventEmitter();
  const seen = new Promise<ReadonlyMap<string, ToggleRow> | undefined>((resolve) =>
    withRequestToggles([row('a', true)], response, () => {
      expect(requestToggles()?.get('a')?.enabled).toBe(true);
      // Runs in this request's context, after the response closed.
      setImmediate(() => resolve(requestToggles()));
    }),
  );
  response.emit('close');
  expect(await seen).toBeUndefined();
});

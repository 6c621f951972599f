import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DashboardPart, type DashboardProvider } from './dashboard-provider';
import { DashboardRegistry } from './dashboard.registry';

// Providers as a module's own folder would declare them: marked, listed in their own Nest module, never registered by hand.
@DashboardPart({ module: 'travel' })
@Injectable()
class TripsDashboard implements DashboardProvider<{ trips: number }> {
  async contribute() {
    return { trips: 2 };
  }
}

@DashboardPart({ module: 'organiser' })
@Injectable()
class ChoresDashboard implements DashboardProvider<{ chores: number }> {
  async contribute() {
    return { chores: 1 };
  }
}

@DashboardPart({ module: 'organiser' })
@Injectable()
class ErrandsDashboard implements DashboardProvider<{ errands: number }> {
  async contribute() {
    return { errands: 3 };
  }
}

/** Not marked: not a part of the dashboard, though it has the method. */
@Injectable()
class Unmarked implements DashboardProvider<{ other: number }> {
  async contribute() {
    return { other: 0 };
  }
}

@Module({ providers: [TripsDashboard, Unmarked] })
class TravelModule {}

@Module({ providers: [ChoresDashboard, ErrandsDashboard] })
class OrganiserModule {}

async function registryWith(...imports: (new () => unknown)[]) {
  const app = await Test.createTestingModule({
    imports: [DiscoveryModule, ...imports],
    providers: [DashboardRegistry],
  }).compile();
  await app.init();
  return { app, registry: app.get(DashboardRegistry) };
}

describe('DashboardRegistry', () => {
  it('finds the marked providers of every module at start, grouped by module in the registry order', async () => {
    const { app, registry } = await registryWith(TravelModule, OrganiserModule);
    expect(registry.all()).toEqual([
      { module: 'organiser', providers: [app.get(ChoresDashboard), app.get(ErrandsDashboard)] },
      { module: 'travel', providers: [app.get(TripsDashboard)] },
    ]);
    await app.close();
  });

  it('stops the start when a mark names no registered module', async () => {
    @DashboardPart({ module: 'weather' })
    @Injectable()
    class WeatherDashboard implements DashboardProvider<{ rain: number }> {
      async contribute() {
        return { rain: 0 };
      }
    }
    @Module({ providers: [WeatherDashboard] })
    class WeatherModule {}

    await expect(registryWith(WeatherModule)).rejects.toThrow(
      'WeatherDashboard: @DashboardPart needs the id of a registered module, not weather',
    );
  });
});

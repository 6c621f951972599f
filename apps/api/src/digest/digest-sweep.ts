import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicSweep } from '../common/periodic-sweep';
import { DigestService } from './digest.service';

/** Every ten minutes: a Monday-08:00 digest goes out within ten minutes of its hour. */
export const DIGEST_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Sends the weekly digests that are due (DigestService.sendDue): at start too, so a digest that
 * fell due while the API was down goes out later the same week. Several API processes may sweep
 * at once; digest_deliveries decides which one sends each digest.
 */
@Injectable()
export class DigestSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly periodic = new PeriodicSweep('Weekly digest sweep', DIGEST_SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(private readonly digests: DigestService) {}

  onApplicationBootstrap(): void {
    this.periodic.start({ runNow: true });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.periodic.stop();
  }

  sweep(now: Date = new Date()): Promise<{ sent: number; empty: number }> {
    return this.digests.sendDue(now);
  }
}

import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/**
 * GET /metrics for Prometheus: served only when METRICS_TOKEN is set, and only to
 * `Authorization: Bearer <METRICS_TOKEN>`. Anything else answers the 404 an unknown path answers,
 * so the endpoint does not show. Not under /api: the production proxy does not pass it on;
 * Prometheus scrapes each API instance directly.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (!this.metrics.authorized(request.get('authorization'))) {
      throw new NotFoundException(`Cannot ${request.method} ${request.path}`);
    }
    response
      .set({ 'Content-Type': this.metrics.registry.contentType, 'Cache-Control': 'no-store' })
      .send(await this.metrics.registry.metrics());
  }
}

import { healthEndpoints, type HealthStatus } from '@aide/contracts';
import { Controller, HttpStatus, Res } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint } from '../common/endpoint';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Endpoint(healthEndpoints.check)
  @ApiServiceUnavailableResponse({ description: "{ status: 'error', database: 'down' }" })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthStatus> {
    const up = await this.health.databaseIsUp();
    response.status(up ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).set('Cache-Control', 'no-store');
    return up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
  }
}

import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService } from './health.service';

export interface HealthStatus {
  status: 'ok' | 'error';
  database: 'up' | 'down';
}

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: "{ status: 'ok', database: 'up' }" })
  @ApiServiceUnavailableResponse({ description: "{ status: 'error', database: 'down' }" })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthStatus> {
    const up = await this.health.databaseIsUp();
    response.status(up ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).set('Cache-Control', 'no-store');
    return up ? { status: 'ok', database: 'up' } : { status: 'error', database: 'down' };
  }
}

import { Injectable } from '@nestjs/common';

/** The dashboard's "now"; a class of its own so tests can put it just before or after a midnight. */
@Injectable()
export class DashboardClock {
  now(): Date {
    return new Date();
  }
}

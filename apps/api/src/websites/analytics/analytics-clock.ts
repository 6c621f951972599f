import { Injectable } from '@nestjs/common';

/**
 * The analytics' "now": when an event happened (its time of arrival), which day's salt hashes the
 * visitor, and where "today" and "this month" start. A class of its own so tests can move time
 * (a 31-minute gap, the next day) without waiting.
 */
@Injectable()
export class AnalyticsClock {
  now(): Date {
    return new Date();
  }
}

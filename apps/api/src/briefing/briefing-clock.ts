import { Injectable } from '@nestjs/common';

/** The briefing's "now"; a class of its own so tests can put it on any day and hour. */
@Injectable()
export class BriefingClock {
  now(): Date {
    return new Date();
  }
}

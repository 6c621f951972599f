import { Injectable } from '@nestjs/common';
import { classifyByRules, type Triage, type TriageMessage } from './triage-rules';

/** Gives every message a priority and a category; the sync engine calls it for new mail. */
@Injectable()
export class EmailTriageService {
  /** One verdict per message, in order. */
  async classify(_userId: number, messages: TriageMessage[]): Promise<Triage[]> {
    return messages.map(classifyByRules);
  }
}

import {
  BRIEFING_LIMITS,
  BRIEFING_SECTIONS,
  type Briefing,
  type BriefingSection,
  PROFILE_DEFAULTS,
} from '@aide/contracts';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AiService } from '../ai/ai.service';
import { BriefingClock } from './briefing-clock';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import type { BriefingContribution, BriefingLine } from './briefing-source';
import {
  BRIEFING_SUMMARY_INSTRUCTIONS,
  BRIEFING_SUMMARY_TASK,
  type BriefingFacts,
  briefingSummarySchema,
  summarizeBriefing,
} from './briefing-summary';
import { BriefingRegistry } from './briefing.registry';
import { localDate } from './local-time';
import { BRIEFING_TEXT } from './briefing-text';

/** Lines whose title is the briefing's own text (not a name the person wrote): translated for the reader. */
const TRANSLATED_TITLES = new Set(['free', 'trip']);
import { serverMessage } from '../common/server-messages';

/** The reader the briefing is written for: the profile's zone and language (defaults without a profile). */
export interface BriefingReader extends ToggleSubject {
  id: number;
}

/** The facts the summary is written from, out of the sections' lines. */
export function factsOf(sections: readonly BriefingContribution[], language: string, schedule: boolean): BriefingFacts {
  const lines = sections.flatMap((section) => section.lines);
  const facts: BriefingFacts = {
    language,
    schedule,
    events: [],
    free: [],
    overdueTasks: [],
    dueTasks: [],
    mail: [],
    trip: null,
    sitesDown: [],
    reports: [],
  };
  for (const line of lines) {
    const { fact } = line;
    if (fact.kind === 'event') facts.events.push({ title: line.title, time: fact.time });
    else if (fact.kind === 'free') facts.free.push({ start: fact.start, end: fact.end });
    else if (fact.kind === 'task') (fact.overdue ? facts.overdueTasks : facts.dueTasks).push(line.title);
    else if (fact.kind === 'mail')
      facts.mail.push({ from: fact.from, subject: line.title === BRIEFING_TEXT.noSubject ? '' : line.title });
    else if (fact.kind === 'trip')
      facts.trip ??= { destination: fact.destination, startsInDays: fact.startsInDays, openItems: fact.openItems };
    else if (fact.kind === 'site') facts.sitesDown.push(line.title);
    else if (fact.kind === 'report') facts.reports.push(line.title);
  }
  return facts;
}

/**
 * The daily briefing: each available module's sources asked in parallel, their lines grouped by
 * section, and a summary written by the AI service (the offline engine from templates; a model,
 * validated, when one is configured). A source that fails is logged and left out.
 */
@Injectable()
export class BriefingService implements OnModuleInit {
  private readonly logger = new Logger('Briefing');

  constructor(
    private readonly registry: BriefingRegistry,
    private readonly toggles: FeatureTogglesService,
    private readonly clock: BriefingClock,
    private readonly ai: AiService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.ai.registerTemplate(BRIEFING_SUMMARY_TASK, (input) => ({
      summary: summarizeBriefing(input as BriefingFacts),
    }));
  }

  async forUser(user: BriefingReader, now: Date = this.clock.now()): Promise<Briefing> {
    const { timezone, language } = await this.readerOf(user.id);
    const modules = this.registry.all();
    const available = await this.toggles.availableModules(
      user,
      modules.map((entry) => entry.module),
    );
    const context = { userId: user.id, now, timezone };
    const answers = await Promise.all(
      modules
        .filter((entry) => available.has(entry.module))
        .flatMap((entry) =>
          entry.sources.map(async (source) => {
            try {
              return (await source.contribute(context)).map((part) => ({ ...part, module: entry.module }));
            } catch (error) {
              this.logger.error(
                `A ${entry.module} briefing source failed`,
                error instanceof Error ? error.stack : String(error),
              );
              return [];
            }
          }),
        ),
    );
    const contributions = answers.flat();
    const sections: BriefingSection[] = [];
    for (const id of BRIEFING_SECTIONS) {
      const parts = contributions.filter((part) => part.section === id);
      const lines = parts.flatMap((part) => part.lines);
      if (lines.length === 0) continue;
      sections.push({
        id,
        module: parts[0].module,
        items: lines.slice(0, BRIEFING_LIMITS.itemsPerSection).map((line) => this.item(line, language)),
        more: Math.max(0, lines.length - BRIEFING_LIMITS.itemsPerSection),
      });
    }
    const facts = factsOf(contributions, language, available.has('organiser'));
    const { summary, method } = await this.summarize(facts);
    return { date: localDate(now, timezone), timezone, summary, summaryMethod: method, sections };
  }

  /** The model's prose when one is configured and answers well; otherwise (or on failure) the templates'. */
  private async summarize(facts: BriefingFacts): Promise<{ summary: string; method: string }> {
    try {
      const { value, method } = await this.ai.generateWithMethod(
        BRIEFING_SUMMARY_TASK,
        facts,
        briefingSummarySchema(facts),
        { instructions: BRIEFING_SUMMARY_INSTRUCTIONS },
      );
      return { summary: value.summary, method };
    } catch (error) {
      this.logger.warn(
        `The briefing summary fell back to the templates: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { summary: summarizeBriefing(facts), method: 'offline:template' };
    }
  }

  /** The contract's item: the line without its fact, its detail and title in the reader's language. */
  private item(line: BriefingLine, language: string) {
    return {
      kind: line.kind,
      title:
        TRANSLATED_TITLES.has(line.kind) || line.title === BRIEFING_TEXT.noSubject
          ? serverMessage(line.title, language)
          : line.title,
      detail: line.detail === null ? null : serverMessage(line.detail, language),
      link: line.link,
      start: line.start,
      end: line.end,
    };
  }

  private async readerOf(userId: number): Promise<{ timezone: string; language: string }> {
    const [row]: { timezone: string; language: string }[] = await this.dataSource.query(
      `SELECT timezone, language FROM profiles WHERE "userId" = $1`,
      [userId],
    );
    return {
      timezone: row?.timezone ?? PROFILE_DEFAULTS.timezone,
      language: row?.language ?? PROFILE_DEFAULTS.language,
    };
  }
}

import { Logger } from '@nestjs/common';
import { RESEARCH_LIMITS } from '@aide/contracts';
import { AiService } from '../../ai/ai.service';
import { OfflineProvider } from '../../ai/offline/offline.provider';
import { OfflineTemplates } from '../../ai/offline/templates';
import {
  MAX_SEARCH_QUERIES,
  planResearch,
  facetHeading,
  RESEARCH_PLAN_TASK,
  researchPlanTemplate,
  searchQueries,
  topicFacets,
} from './research-planner';

function offlineAi(): AiService {
  const templates = new OfflineTemplates();
  const ai = new AiService(new OfflineProvider(templates), templates);
  ai.registerTemplate(RESEARCH_PLAN_TASK, researchPlanTemplate);
  return ai;
}

beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('planResearch (offline)', () => {
  it('breaks a noun-phrase topic into natural sub-questions that name it', async () => {
    const questions = await planResearch(offlineAi(), 'Urban heat islands');
    expect(questions).toEqual([
      'What are urban heat islands?',
      'What are the main causes and drivers of urban heat islands?',
      'What are the effects of urban heat islands, and what evidence supports them?',
      'What is being done about urban heat islands, and what is the outlook?',
    ]);
  });

  it('words a singular topic and an effect topic naturally', async () => {
    const ai = offlineAi();
    expect((await planResearch(ai, 'Quantum computing'))[0]).toBe('What is quantum computing?');
    const impact = await planResearch(ai, 'Impact of remote work on productivity');
    expect(impact).toEqual([
      'What is the impact of remote work on productivity?',
      'What factors shape the impact of remote work on productivity?',
      'What evidence is there on the impact of remote work on productivity, and how strong is it?',
      'What is being done about the impact of remote work on productivity, and what is the outlook?',
    ]);
  });

  it('keeps a topic asked as a question, and every sub-question carries its key terms', async () => {
    const questions = await planResearch(offlineAi(), 'how does remote work affect productivity');
    expect(questions.length).toBeGreaterThanOrEqual(1);
    expect(questions.length).toBeLessThanOrEqual(RESEARCH_LIMITS.maxSubQuestions);
    expect(questions[0]).toBe('How does remote work affect productivity?');
    for (const q of questions) {
      expect(q).toMatch(/remote work/);
      expect(q).toMatch(/productivity/);
      expect(q.endsWith('?')).toBe(true);
    }
  });

  it('gives one question for a blank topic rather than failing', () => {
    expect(researchPlanTemplate({ topic: '  ' }).subQuestions).toHaveLength(1);
  });
});

describe('topics that name their facets', () => {
  const HEAT_PUMPS = 'Heat pumps: refrigerants, noise, installation costs and cold-climate performance';

  it('splits the topic into its facets and asks one question per facet', () => {
    expect(topicFacets(HEAT_PUMPS)).toEqual({
      subject: 'heat pumps',
      facets: ['refrigerants', 'noise', 'installation costs', 'cold-climate performance'],
    });
    expect(researchPlanTemplate({ topic: HEAT_PUMPS }).subQuestions).toEqual([
      'What do sources say about heat pumps and refrigerants?',
      'What do sources say about heat pumps and noise?',
      'What do sources say about heat pumps and installation costs?',
      'What do sources say about heat pumps and cold-climate performance?',
    ]);
    expect(facetHeading('cold-climate performance')).toBe('Cold-climate performance');
  });

  it('asks what the subject is first when there is room, worded as a sentence rather than around the title', () => {
    const questions = researchPlanTemplate({
      topic: 'Cold-climate air-source heat pumps: real-world performance and costs',
    }).subQuestions;
    expect(questions[0]).toBe('What are cold-climate air-source heat pumps?');
    expect(questions).toHaveLength(3);
    for (const question of questions) expect(question).not.toMatch(/:/);
  });

  it('keeps a clause as a facet and leaves topics without a list alone', () => {
    expect(topicFacets('AI in schools: how teachers use chatbots for grading')?.facets).toEqual([
      'how teachers use chatbots for grading',
    ]);
    expect(topicFacets('Urban heat islands')).toBeNull();
    expect(topicFacets('What is the outlook: good or bad?')).toBeNull();
  });

  it('searches the subject with each facet', () => {
    expect(searchQueries(HEAT_PUMPS, [])).toEqual([
      'heat pumps refrigerants',
      'heat pumps noise',
      'heat pumps installation costs',
      'heat pumps cold-climate performance',
    ]);
    expect(searchQueries('Sourdough starter: feeding and storage', [])).toEqual([
      'Sourdough starter: feeding and storage',
      'sourdough starter feeding',
      'sourdough starter storage',
    ]);
  });
});

describe('searchQueries', () => {
  it('searches the topic first, then the topic with each sub-question’s own words', () => {
    const queries = searchQueries(
      'Urban heat islands',
      researchPlanTemplate({ topic: 'Urban heat islands' }).subQuestions,
    );
    expect(queries).toEqual([
      'Urban heat islands',
      'urban heat islands causes drivers',
      'urban heat islands effects evidence',
      'urban heat islands outlook',
    ]);
    expect(queries.length).toBeLessThanOrEqual(MAX_SEARCH_QUERIES);
  });

  it('skips sub-questions that add nothing and repeated queries', () => {
    expect(
      searchQueries('solar panels', [
        'What are solar panels?',
        'What do solar panels cost?',
        'What do solar panels cost?',
      ]),
    ).toEqual(['solar panels', 'solar panels cost']);
  });
});

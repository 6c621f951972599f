/**
 * Travel plans (issue 25): a fixed corpus of trips (destinations × seasons × interests × with and
 * without a budget) planned by the offline engine through planTrip, as the generation job plans
 * them, and measured: generic filler lines, grammar, ideas the season rules out, whether an
 * estimated budget is labelled as one, and lines repeated within a plan.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { planTrip, registerTravelTemplates, type PlannedTrip } from '../../apps/api/src/travel/planner/travel-planner';
import { tripInput } from '../../apps/api/src/travel/planner/trip';
import { evalAi } from '../lib/ai';
import { grammarIssues } from '../lib/measures';
import { type EvalSample, writeResult } from '../lib/result';

interface Trip {
  destination: string;
  startDate: string;
  endDate: string;
  interests: string[];
  budget: number | null;
  travelStyle?: 'budget' | 'moderate' | 'luxury' | 'adventure' | 'cultural' | 'relaxation';
  groupSize?: number;
  /** What the season at the destination rules out (written by hand from the dates and the place). */
  outOfSeason: RegExp[];
}

const SWIM = /\bswim|sunbath|snorkel|surfing|paddleboard|beach before the midday sun|picnic/i;
const TRAIL = /marked trail|day hike|scenic trail|nature reserve or national park|ride a scenic route/i;
const SUNSET_EVENING = /sunset/i;
const SNOW_ONLY = /slopes|snowshoe|crampons|ice skating|chairlift|ski/i;
const AURORA = /aurora|northern lights/i;

/** The issue's examples first (Reykjavik in December, Tokyo with anime and sushi, no budget), then more. */
const CORPUS: Trip[] = [
  {
    destination: 'Reykjavik, Iceland',
    startDate: '2026-12-10',
    endDate: '2026-12-15',
    interests: ['northern lights', 'hiking'],
    budget: null,
    outOfSeason: [SWIM, TRAIL, SUNSET_EVENING],
  },
  {
    destination: 'Tokyo, Japan',
    startDate: '2027-04-02',
    endDate: '2027-04-07',
    interests: ['anime', 'sushi'],
    budget: null,
    outOfSeason: [SWIM, SNOW_ONLY, AURORA],
  },
  {
    destination: 'Lisbon, Portugal',
    startDate: '2027-07-01',
    endDate: '2027-07-05',
    interests: ['food', 'beach'],
    budget: 2000,
    groupSize: 2,
    outOfSeason: [SNOW_ONLY, AURORA],
  },
  {
    destination: 'Cape Town, South Africa',
    startDate: '2027-07-10',
    endDate: '2027-07-16',
    interests: ['hiking', 'wine', 'beach'],
    budget: null,
    travelStyle: 'adventure',
    groupSize: 3,
    outOfSeason: [SWIM, SNOW_ONLY, AURORA],
  },
  {
    destination: 'Bangkok, Thailand',
    startDate: '2027-01-15',
    endDate: '2027-01-19',
    interests: ['street food', 'temples', 'nightlife'],
    budget: 1500,
    travelStyle: 'budget',
    outOfSeason: [SNOW_ONLY, AURORA],
  },
  {
    destination: 'Prague, Czech Republic',
    startDate: '2027-01-20',
    endDate: '2027-01-23',
    interests: ['history', 'beer', 'photography'],
    budget: null,
    outOfSeason: [SWIM, TRAIL],
  },
  {
    destination: 'Banff, Canada',
    startDate: '2027-02-05',
    endDate: '2027-02-10',
    interests: ['skiing', 'hiking', 'photography'],
    budget: 4000,
    travelStyle: 'luxury',
    groupSize: 2,
    outOfSeason: [SWIM, TRAIL],
  },
  {
    destination: 'Sydney, Australia',
    startDate: '2026-12-27',
    endDate: '2027-01-02',
    interests: ['beach', 'surfing', 'food'],
    budget: null,
    outOfSeason: [SNOW_ONLY, AURORA],
  },
  {
    destination: 'Oslo, Norway',
    startDate: '2027-11-20',
    endDate: '2027-11-24',
    interests: ['museums', 'design', 'birdsong recording'],
    budget: null,
    outOfSeason: [SWIM, TRAIL, SUNSET_EVENING],
  },
  {
    destination: 'Kyoto, Japan',
    startDate: '2027-11-10',
    endDate: '2027-11-14',
    interests: ['temples', 'gardens', 'tea'],
    budget: 2500,
    travelStyle: 'cultural',
    groupSize: 2,
    outOfSeason: [SWIM, SNOW_ONLY, AURORA],
  },
  {
    destination: 'Rome, Italy',
    startDate: '2027-08-10',
    endDate: '2027-08-14',
    interests: [],
    budget: null,
    outOfSeason: [SNOW_ONLY, AURORA],
  },
  {
    destination: 'Tromsø, Norway',
    startDate: '2027-01-08',
    endDate: '2027-01-12',
    interests: ['aurora', 'photography', 'ramen'],
    budget: 3000,
    outOfSeason: [SWIM, TRAIL, SUNSET_EVENING],
  },
];

/** Generic lines that say nothing about the place or the interest. */
const FILLER = [
  /^(more )?time for\b/i,
  /places and people connected with/i,
  /at your own pace/i,
  /^free time\b/i,
  /^a relaxed evening in a lively neighbourhood$/i,
  /^dinner at a restaurant that locals recommend$/i,
  /at your leisure/i,
];

/** The activity lines of a plan: each part of each day, and the recommended activities. */
function activityLines(plan: PlannedTrip): string[] {
  const days = plan.itinerary.timeline ?? [];
  return [
    ...days.flatMap((day) => [day.morning, day.afternoon, day.evening]),
    ...plan.recommendations.activities.map((activity) => activity.name),
  ].filter((line): line is string => Boolean(line));
}

const nlp = winkNLP(model);
const its = nlp.its;

/**
 * Grammar issues in an activity line: the shared checks (retext and the house rules; the line is a
 * list item shown without a full stop, so it is checked as the sentence it is, with one), and that
 * it is a suggestion: it opens with a verb, not a fragment ("Dinner at a restaurant…", "Time for anime").
 */
async function lineIssues(line: string): Promise<string[]> {
  const issues = (await grammarIssues(`${line}.`)).map((issue) => `${issue.rule}: ${issue.message}`);
  // The model tags a sentence-initial imperative as a noun ("Visit" → PROPN), so the line is read
  // after "You should": a suggestion's first word is then a verb ("visit"), a fragment's is not ("dinner").
  const tags = nlp
    .readDoc(`You should ${line.charAt(0).toLowerCase()}${line.slice(1)}`)
    .tokens()
    .out(its.pos) as string[];
  if (tags[2] !== 'VERB' && tags[2] !== 'AUX') issues.push('not a suggestion: it does not start with a verb');
  if (/…|\.\.\./.test(line)) issues.push('ellipsis');
  return issues;
}

/** Whether the stored budget says what it is: an estimate apart from the person's, or the person's own. */
function budgetLabelled(trip: Trip, plan: PlannedTrip): boolean {
  const budget = plan.budget as PlannedTrip['budget'] & { estimated?: boolean };
  const shown = plan.recommendations.budget ?? {};
  if (trip.budget === null) return budget.estimated === true && 'estimatedTotal' in shown && !('total' in shown);
  return budget.estimated === false && budget.total === trip.budget && shown.total === trip.budget;
}

async function main() {
  // The app's AiService: the offline engine, or the model AI_BASE_URL names.
  const { ai } = evalAi();
  registerTravelTemplates(ai);
  let lines = 0;
  let filler = 0;
  let grammar = 0;
  let season = 0;
  let repeated = 0;
  let labelled = 0;
  const problems: string[] = [];
  const samples: EvalSample[] = [];
  for (const trip of CORPUS) {
    const input = tripInput({
      destination: trip.destination,
      startDate: trip.startDate,
      endDate: trip.endDate,
      budget: trip.budget,
      preferences: {
        budget: trip.budget === null ? null : `$${trip.budget}`,
        interests: trip.interests,
        travelStyle: trip.travelStyle ?? 'moderate',
        groupSize: trip.groupSize ?? 1,
      },
    });
    const plan = await planTrip(ai, input, { onStage: async () => undefined });
    const all = activityLines(plan);
    const itineraryLines = all.slice(0, all.length - plan.recommendations.activities.length);
    lines += all.length;
    for (const line of all) {
      if (FILLER.some((pattern) => pattern.test(line))) {
        filler += 1;
        problems.push(`${trip.destination}: filler: ${line}`);
      }
      const issues = await lineIssues(line);
      grammar += issues.length;
      for (const issue of issues) problems.push(`${trip.destination}: grammar (${issue}): ${line}`);
      if (trip.outOfSeason.some((pattern) => pattern.test(line))) {
        season += 1;
        problems.push(`${trip.destination} ${trip.startDate}: out of season: ${line}`);
      }
    }
    repeated += itineraryLines.length - new Set(itineraryLines).size;
    if (budgetLabelled(trip, plan)) labelled += 1;
    else problems.push(`${trip.destination}: budget ${JSON.stringify(plan.recommendations.budget)} not labelled`);
    if (samples.length < 4 && [0, 1, 3, 8].includes(CORPUS.indexOf(trip))) {
      samples.push({
        title: `${trip.destination}, ${trip.startDate} to ${trip.endDate}`,
        input: `interests: ${trip.interests.join(', ') || '(none)'}; budget: ${trip.budget ?? '(none)'}`,
        output: [
          ...(plan.itinerary.timeline ?? []).map(
            (day) => `${day.day} (${day.date}) ${day.title}: ${day.morning} / ${day.afternoon} / ${day.evening}`,
          ),
          `Activities: ${plan.recommendations.activities.map((activity) => activity.name).join('; ')}`,
          `Budget: ${plan.budget.total} USD${(plan.budget as { estimated?: boolean }).estimated ? ' (estimate; the person set none)' : ''}; stored as ${JSON.stringify(plan.recommendations.budget)}`,
        ].join('\n'),
      });
    }
  }
  await writeResult({
    task: 'travel',
    title: 'Travel plans',
    corpus: `${CORPUS.length} trips: Reykjavik in December, Tokyo with anime and sushi (the issue's examples), Lisbon, Cape Town in its winter, Bangkok, Prague and Banff in winter, Sydney in summer, Oslo in November (with an interest the planner does not know), Kyoto, Rome with no interests, Tromsø; half with a budget, half without; through planTrip as the generation job runs it. ${lines} activity lines (each day's morning, afternoon and evening, and the recommended activities).`,
    measures: [
      {
        name: 'generic filler lines',
        value: filler,
        kind: 'max',
        threshold: 0,
        unit: 'count',
        note: '"Time for …", "More time for …", "Look for places and people connected with …", "Explore at your own pace" and the like.',
      },
      {
        name: 'grammar issues in activity lines',
        value: grammar,
        kind: 'max',
        threshold: 0,
        unit: 'count',
        note: 'retext and the house rules on each line, plus: a line opens with a verb (a suggestion, not a fragment).',
      },
      {
        name: 'ideas the season rules out',
        value: season,
        kind: 'max',
        threshold: 0,
        unit: 'count',
        note: 'Per trip, patterns written by hand from the place and dates: no marked-trail hikes on snow, no swimming or picnics in a cold season, no sunsets after dark mornings in the far north, no skiing or aurora where there is none.',
      },
      {
        name: 'budgets labelled as what they are',
        value: Math.round((100 * labelled) / CORPUS.length),
        kind: 'min',
        threshold: 100,
        unit: '%',
        note: 'Without a budget: the plan flags the estimate and stores it as estimatedTotal, not as the person’s total; with one: the person’s total, unflagged.',
      },
      {
        name: 'lines repeated within a plan',
        value: repeated,
        kind: 'max',
        threshold: 0,
        unit: 'count',
      },
    ],
    samples,
  });
  if (process.env.EVAL_VERBOSE) for (const problem of problems) console.log(`  ${problem}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import type { EmailTriageBasis } from '@aide/contracts';
import type { TriageTokens } from './triage-tokens';

/**
 * A user's learnt model for one facet (priority or category): multinomial naive Bayes over the
 * tokens of the messages they labelled, blended with the rules.
 *
 * Each label c is a distribution over tokens with Laplace smoothing:
 *   P(t | c) = (n(t, c) + α) / (N(c) + α·V)
 * where n(t, c) is the weight token t was learnt with under c, N(c) all weight learnt under c, and
 * V the vocabulary size. A label the user never chose is half the user's lessons pooled (the same
 * formula over all labels) and half the uniform 1/V: nothing is known of it, so it is taken to
 * look like the user's mail in general. Against such a label a token is worth at most a factor 2:
 * otherwise, when the user corrects mostly towards one label, a word common in their mail (team,
 * project) would count as strong evidence for that label and pull every message towards it.
 *
 * The blend: the rules' label gets a head start of RULES_WEIGHT nats times the share of the
 * message (by token weight) that the model has never seen, and every token it has seen adds
 * log P(t | c) to each label; tokens it never saw are left out of the sum (they say nothing about
 * this user's labels). The rules speak for what the user has not taught, the model for what they
 * have. So:
 * - with no lessons, or for mail sharing nothing with what was labelled, the rules decide;
 * - one correction moves mail that is mostly familiar: a short message from the same sender (its
 *   address and domain count twice each, see triage-tokens.ts), or one sharing the sender and a
 *   few words; a long message about something new, or one shared word among many, does not;
 * - mail much like what the user labelled in different ways (a CI server's "failed" and "passed"
 *   builds) goes by the words that tell those lessons apart;
 * - as lessons add up, more of each new message is familiar, and the model decides more mail.
 * That is the "enough evidence" threshold, per message rather than per user.
 *
 * Class priors are left out (uniform): a person labels mostly the mail the rules got wrong, so how
 * often they chose a label says little about how often it occurs, and would drag every new message
 * towards their most used label.
 *
 * V is at least OPEN_VOCABULARY: with a handful of lessons the learnt vocabulary is tiny, and with
 * V = the learnt words alone one labelled message is indistinguishable from the uniform (each of
 * its n words gets (1+α)/(n+αn) = 1/n). The floor stands for the words of a mailbox the model has
 * not met yet.
 */
export const SMOOTHING = 1;
export const OPEN_VOCABULARY = 2_000;
/** The rules' head start, in nats (e^3.5 ≈ 33 : 1), for a message the model has seen nothing of. */
export const RULES_WEIGHT = 3.5;

export interface LabelTotals {
  /** Messages learnt under the label. */
  documents: number;
  /** Token weight learnt under the label (N(c)). */
  tokens: number;
}

export interface FacetModel<Label extends string> {
  labels: ReadonlyMap<Label, LabelTotals>;
  /** token → label → n(t, c), for (at least) the tokens of the messages being judged. */
  counts: ReadonlyMap<string, ReadonlyMap<Label, number>>;
  /** Distinct tokens learnt for this facet. */
  vocabulary: number;
}

export interface FacetVerdict<Label extends string> {
  label: Label;
  basis: EmailTriageBasis;
}

export function emptyModel<Label extends string>(): FacetModel<Label> {
  return { labels: new Map(), counts: new Map(), vocabulary: 0 };
}

/** The blended verdict for one message (see above). */
export function learntVerdict<Label extends string>(
  model: FacetModel<Label>,
  tokens: TriageTokens,
  labels: readonly Label[],
  rulesLabel: Label,
): FacetVerdict<Label> {
  if (model.labels.size === 0) return { label: rulesLabel, basis: 'rules' };
  const vocabulary = Math.max(model.vocabulary, OPEN_VOCABULARY);
  const learntWeight = [...model.labels.values()].reduce((total, label) => total + label.tokens, 0);
  const scores = new Map<Label, number>(labels.map((label) => [label, 0]));
  let weight = 0;
  let seen = 0;
  for (const [token, tokenWeight] of tokens) {
    weight += tokenWeight;
    const counts = model.counts.get(token);
    if (!counts || ![...counts.values()].some((n) => n > 0)) continue;
    seen += tokenWeight;
    const pooled =
      ([...counts.values()].reduce((total, n) => total + n, 0) + SMOOTHING) / (learntWeight + SMOOTHING * vocabulary);
    for (const label of labels) {
      const totals = model.labels.get(label);
      const probability = totals
        ? ((counts.get(label) ?? 0) + SMOOTHING) / (totals.tokens + SMOOTHING * vocabulary)
        : (pooled + 1 / vocabulary) / 2;
      scores.set(label, scores.get(label)! + tokenWeight * Math.log(probability));
    }
  }
  scores.set(rulesLabel, scores.get(rulesLabel)! + RULES_WEIGHT * (weight === 0 ? 1 : 1 - seen / weight));
  // Ties keep the rules' label.
  let best = rulesLabel;
  for (const label of labels) if (scores.get(label)! > scores.get(best)!) best = label;
  return { label: best, basis: best === rulesLabel ? 'rules' : 'learned' };
}

import type { VisitorT } from '../i18n/visitor';
import { LOGIN_URL } from './links';

type Key = Parameters<VisitorT>[0];

/** Spec §3 "Pricing plan": name, price, description, features, popular flag; texts from spec §9. */
export interface PricingPlan {
  /** The plan's name, the same in every language (docs/GLOSSARY.md). */
  name: string;
  /** Monthly price in USD; Enterprise has none ('Contact'). */
  priceUsd: number | null;
  descriptionKey: Key;
  features: Key[];
  popular?: boolean;
  cta: Key;
  href: string;
}

export const PRICING_PLANS: PricingPlan[] = [
  {
    name: 'Free',
    priceUsd: 0,
    descriptionKey: 'landing.pricing.free.description',
    features: [
      'landing.pricing.free.feature1',
      'landing.pricing.free.feature2',
      'landing.pricing.free.feature3',
      'landing.pricing.free.feature4',
    ],
    cta: 'landing.pricing.getStarted',
    href: LOGIN_URL,
  },
  {
    name: 'Premium',
    priceUsd: 19,
    descriptionKey: 'landing.pricing.premium.description',
    features: [
      'landing.pricing.premium.feature1',
      'landing.pricing.premium.feature2',
      'landing.pricing.premium.feature3',
      'landing.pricing.premium.feature4',
      'landing.pricing.premium.feature5',
    ],
    popular: true,
    cta: 'landing.pricing.getStarted',
    href: LOGIN_URL,
  },
  {
    name: 'Enterprise',
    priceUsd: null,
    descriptionKey: 'landing.pricing.enterprise.description',
    features: [
      'landing.pricing.enterprise.feature1',
      'landing.pricing.enterprise.feature2',
      'landing.pricing.enterprise.feature3',
      'landing.pricing.enterprise.feature4',
      'landing.pricing.enterprise.feature5',
    ],
    cta: 'landing.pricing.contactSales',
    href: LOGIN_URL,
  },
];

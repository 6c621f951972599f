import { LOGIN_URL } from './links';

/** Spec §3 "Pricing plan": name, price, description, features, popular flag; texts from spec §9. */
export interface PricingPlan {
  name: string;
  /** '$0', '$19', or 'Contact' (Enterprise has no list price). */
  price: string;
  /** Shown after a numeric price. */
  period?: string;
  description: string;
  features: string[];
  popular?: boolean;
  cta: string;
  href: string;
}

export const PRICING_PLANS: PricingPlan[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'per month',
    description: 'For individuals getting organised.',
    features: [
      'Basic task management',
      'Document upload limited to 5 files',
      'Simple travel planning',
      'Community support',
    ],
    cta: 'Get Started',
    href: LOGIN_URL,
  },
  {
    name: 'Premium',
    price: '$19',
    period: 'per month',
    description: 'For professionals who want AI on their side.',
    features: [
      'Advanced AI features',
      'Unlimited document storage',
      'Comprehensive travel tools',
      'Research with credibility scoring',
      'Priority support',
    ],
    popular: true,
    cta: 'Get Started',
    href: LOGIN_URL,
  },
  {
    name: 'Enterprise',
    price: 'Contact',
    description: 'For teams that need control and scale.',
    features: [
      'All Premium features',
      'Team collaboration',
      'Admin dashboard',
      'Custom integrations',
      'Dedicated support',
    ],
    cta: 'Contact Sales',
    href: LOGIN_URL,
  },
];

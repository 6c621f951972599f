import { FeatureSection } from './FeatureSection';
import { HeroSection } from './HeroSection';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { PricingSection } from './PricingSection';
import { TrustStrip } from './TrustStrip';
import './landing.css';

/** Spec §2: what signed-out visitors see on every route but /sign-in. */
export default function LandingPage() {
  return (
    <div className="aide-landing" id="top">
      <LandingHeader />
      <main>
        <HeroSection />
        <FeatureSection />
        <PricingSection />
        <TrustStrip />
      </main>
      <LandingFooter />
    </div>
  );
}

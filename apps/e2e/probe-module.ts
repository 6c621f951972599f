/**
 * The module tests/composition.spec.ts builds at test time and registers with the e2e API through
 * its test-only AIDE_E2E_EXTRA_MODULES (see playwright.config.ts). Without its `module.probe` toggle,
 * which that spec switches on and off again, no user is offered it.
 */
export const PROBE_MODULE = { id: 'probe', title: 'Probe Module', routes: ['/probe'] };

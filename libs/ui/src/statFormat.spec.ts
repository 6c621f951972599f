import { signed, thousands } from './statFormat';

describe('dashboard figures', () => {
  it('shows website views in thousands with one decimal', () => {
    expect(thousands(12_345)).toBe('12.3k');
    expect(thousands(999)).toBe('1.0k');
    expect(thousands(0)).toBe('0.0k');
    expect(thousands(1_250)).toBe('1.3k');
  });

  it('always shows the sign of a change, zero as +0', () => {
    expect(signed(2)).toBe('+2');
    expect(signed(0)).toBe('+0');
    expect(signed(-3)).toBe('-3');
  });
});

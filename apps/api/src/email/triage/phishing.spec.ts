import { detectPhishing, phishingCategory, phishingPriority, registrableDomain, suspectPhishing } from './phishing';

const base = { subject: 'Hello', text: 'See you tomorrow.', html: null };

describe('detectPhishing', () => {
  it('flags a brand display name on a foreign domain, and an address shown as the name', () => {
    expect(detectPhishing({ ...base, from: '"PayPal Security" <x@random.biz>' })?.reasons).toEqual([
      'The sender calls itself "PayPal Security" but writes from random.biz',
    ]);
    expect(detectPhishing({ ...base, from: '"service@paypal.com" <x@random.biz>' })?.reasons[0]).toBe(
      "The sender's name shows service@paypal.com but the mail comes from random.biz",
    );
  });

  it('flags look-alike domains: punycode, digits for letters, a brand with extra words, a correspondent copied', () => {
    expect(detectPhishing({ ...base, from: 'x@xn--pypal-4ve.com' })?.reasons[0]).toMatch(/punycode/);
    expect(detectPhishing({ ...base, from: 'service@paypa1.com' })?.reasons[0]).toMatch(/imitates paypal\.com/);
    expect(detectPhishing({ ...base, from: 'alerts@secure-mybank-login.com' })?.reasons[0]).toMatch(
      /adds words to the name mybank/,
    );
    expect(detectPhishing({ ...base, from: 'ceo@northwind-invoices.com' }, ['northwind.com'])?.reasons[0]).toMatch(
      /northwind/,
    );
  });

  it('gives each reason as data too, for the email screen to word in the reader language', () => {
    expect(detectPhishing({ ...base, from: '"PayPal" <service@paypa1.com>' })?.signals).toEqual([
      { kind: 'brandName', name: 'PayPal', domain: 'paypa1.com' },
      { kind: 'digitsForLetters', domain: 'paypa1.com', imitates: 'paypal.com' },
    ]);
    expect(detectPhishing({ ...base, from: 'alerts@secure-mybank-login.com' })?.signals).toEqual([
      { kind: 'extraWords', domain: 'secure-mybank-login.com', name: 'mybank', imitates: 'mybank.com' },
    ]);
  });

  it('flags a credential form and a link whose text shows another domain', () => {
    const html =
      '<p>Verify your account now.</p><a href="https://evil.example/login">https://www.paypal.com/signin</a>' +
      '<form action="https://evil.example"><input type="password" name="p"></form>';
    const verdict = detectPhishing({
      from: 'Support <help@evil.example>',
      subject: 'Account on hold',
      text: 'Verify your account now.',
      html,
    });
    expect(verdict?.reasons).toEqual([
      'The message holds a form asking for your details',
      'A link shows www.paypal.com but leads to evil.example',
    ]);
  });

  it('flags failed DKIM, SPF and DMARC results', () => {
    expect(
      detectPhishing({
        ...base,
        from: 'Ann <ann@example.com>',
        authenticationResults: 'mx.example.org; dkim=fail header.d=example.com; spf=softfail; dmarc=fail',
      })?.reasons,
    ).toEqual(['DKIM check failed', 'SPF check failed', 'DMARC check failed']);
  });

  it('reads brands in the display name as whole words', () => {
    expect(detectPhishing({ ...base, from: 'Johnny Appleseed <johnny@orchard.example>' })).toBeNull();
    expect(detectPhishing({ ...base, from: '"Wells Fargo Alerts" <alerts@wf-secure.biz>' })?.reasons[0]).toMatch(
      /Wells Fargo Alerts/,
    );
  });

  it("raises no alarm on a real bank's own mail or a colleague's mail", () => {
    expect(
      detectPhishing({
        from: '"PayPal" <service@mail.paypal.com>',
        subject: 'Sign in to see your statement',
        text: 'Log in to your account to see your statement.',
        html: '<a href="https://www.paypal.com/signin">www.paypal.com</a>',
        authenticationResults: 'mx.example.org; dkim=pass; spf=pass; dmarc=pass',
      }),
    ).toBeNull();
    expect(
      detectPhishing({
        from: 'Barclays <alerts@barclays.co.uk>',
        subject: 'Your statement',
        text: 'Log in to view it.',
      }),
    ).toBeNull();
    expect(
      detectPhishing(
        { from: 'Ann Lee <ann@acme.com>', subject: 'Team meeting', text: 'The password for the wifi is on the board.' },
        ['acme.com'],
      ),
    ).toBeNull();
  });
});

describe('registrableDomain', () => {
  it('keeps the organisation part of a host', () => {
    expect(registrableDomain('mail.paypal.com')).toBe('paypal.com');
    expect(registrableDomain('alerts.barclays.co.uk')).toBe('barclays.co.uk');
  });
});

describe('suspectPhishing in the sync', () => {
  const message = {
    from: 'Ann <ann@example.com>',
    subject: 'Hi',
    body: 'Hello',
    htmlBody: null,
    authenticationResults: 'mx; dkim=fail',
  };
  it("flags failed DKIM, never the user's own mail, and lifts the labels", () => {
    const verdict = suspectPhishing(message, 'me@home.example');
    expect(verdict).toEqual({
      reasons: ['DKIM check failed'],
      signals: [{ kind: 'authenticationFailed', method: 'DKIM' }],
    });
    expect(suspectPhishing({ ...message, from: 'Me <me@home.example>' }, 'me@home.example')).toBeNull();
    expect(phishingPriority('regular', verdict)).toBe('important');
    expect(phishingPriority('urgent', verdict)).toBe('urgent');
    expect(phishingCategory('other', verdict)).toBe('spam');
    expect(phishingCategory('work', null)).toBe('work');
  });
});

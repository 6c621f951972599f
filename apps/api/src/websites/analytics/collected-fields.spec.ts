import { normalCampaignTag, WEBSITE_ANALYTICS_LIMITS } from '@aide/contracts';
import { campaignTags, hasCampaignTags, originAllowed, storedPath, storedReferrerHost } from './collected-fields';

describe('storedPath', () => {
  it('keeps the path only: no query string, no fragment', () => {
    expect(storedPath('https://shop.example/cart?email=a@b.c&token=x#pay')).toBe('/cart');
    expect(storedPath('https://shop.example')).toBe('/');
  });

  it(`cuts a long path to ${WEBSITE_ANALYTICS_LIMITS.storedPathMax} characters without leaving half a %-escape`, () => {
    const max = WEBSITE_ANALYTICS_LIMITS.storedPathMax;
    expect(storedPath(`https://shop.example/${'a'.repeat(1900)}`)).toHaveLength(max);
    // '€' is '%E2%82%AC': wherever the cut falls inside it, the stored path ends before it and decodes.
    for (let shift = 0; shift < 9; shift++) {
      const cut = storedPath(`https://shop.example/${'a'.repeat(max - 1 - shift)}€€`);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(() => decodeURI(cut)).not.toThrow();
      expect(decodeURI(cut)).toMatch(/^\/a+€?€?$/);
    }
  });
});

describe('storedReferrerHost', () => {
  it('keeps the host only, normalised: lower case, no port, no user, no www., no trailing dot', () => {
    expect(storedReferrerHost('https://News.Example/story?id=1#c', 'shop.example')).toBe('news.example');
    expect(storedReferrerHost('https://user:secret@www.news.example:8443/x', 'shop.example')).toBe('news.example');
    expect(storedReferrerHost('http://WWW.Search.Example./?q=shoes', 'shop.example')).toBe('search.example');
    expect(storedReferrerHost('https://bücher.example/', 'shop.example')).toBe('xn--bcher-kva.example');
    expect(storedReferrerHost('http://203.0.113.9/', 'shop.example')).toBe('203.0.113.9');
  });

  it('stores nothing for no referrer, another scheme, the site itself, or a host that is not a DNS name', () => {
    for (const referrer of [
      null,
      '',
      'android-app://com.example/',
      'javascript:alert(1)',
      'not a url',
      'https://www.shop.example/page',
      'http://[::1]/',
      `https://${'a'.repeat(64)}.example/`,
    ]) {
      expect({ referrer, stored: storedReferrerHost(referrer, 'shop.example') }).toEqual({ referrer, stored: null });
    }
  });

  it(`never stores more than ${WEBSITE_ANALYTICS_LIMITS.storedReferrerHostMax} characters`, () => {
    const label = 'a'.repeat(60);
    const long = Array.from({ length: 5 }, () => label).join('.'); // 304 characters, every label valid
    expect(storedReferrerHost(`https://${long}/`, 'shop.example')).toBeNull();
    const fits = Array.from({ length: 4 }, () => label).join('.'); // 243
    expect(storedReferrerHost(`https://${fits}/`, 'shop.example')).toBe(fits);
  });
});

describe('originAllowed', () => {
  it("lets through no Origin, or the site's own host with or without www., on any port or scheme", () => {
    expect(originAllowed(undefined, 'shop.example')).toBe(true);
    for (const origin of ['https://shop.example', 'https://www.shop.example', 'http://SHOP.example:8080'])
      expect({ origin, ok: originAllowed(origin, 'shop.example') }).toEqual({ origin, ok: true });
  });

  it("drops another host, a look-alike, 'null' and what is not an http(s) origin", () => {
    for (const origin of [
      'https://evil.example',
      'https://shop.example.evil.example',
      'https://evilshop.example',
      'null',
      '',
      'file://',
      'chrome-extension://abc',
    ]) {
      expect({ origin, ok: originAllowed(origin, 'shop.example') }).toEqual({ origin, ok: false });
    }
  });
});

describe('campaignTags', () => {
  it('reads utm_source, utm_medium and utm_campaign only, normalised', () => {
    expect(
      campaignTags(
        'https://shop.example/p?utm_source=LinkedIn%20&utm_medium=Social&utm_campaign=Spring+Sale&email=a@b.c',
      ),
    ).toEqual({ utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'spring sale' });
    expect(campaignTags('https://shop.example/?email=a@b.c&utm_content=x&utm_term=y')).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it('takes the first of a repeated tag and treats an empty one as absent', () => {
    const tags = campaignTags('https://shop.example/?utm_campaign=one&utm_campaign=two&utm_source=');
    expect(tags).toEqual({ utmSource: null, utmMedium: null, utmCampaign: 'one' });
    expect(hasCampaignTags(tags)).toBe(true);
    expect(hasCampaignTags(campaignTags('https://shop.example/'))).toBe(false);
  });

  it(`cuts a tag to ${WEBSITE_ANALYTICS_LIMITS.campaignTagMax} characters and folds control characters and spaces`, () => {
    expect(normalCampaignTag('x'.repeat(500))).toHaveLength(WEBSITE_ANALYTICS_LIMITS.campaignTagMax);
    expect(normalCampaignTag(' Black\u0000\n  Friday ')).toBe('black friday');
    expect(normalCampaignTag('   ')).toBeNull();
    expect(normalCampaignTag(undefined)).toBeNull();
    // Never half a surrogate pair.
    expect(normalCampaignTag('😀'.repeat(150))).toBe('😀'.repeat(100));
  });
});

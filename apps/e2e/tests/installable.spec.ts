import { expect, test } from '@playwright/test';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1'), 'a PNG signature').toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('the app is installable: a valid web app manifest with fetchable icons, a theme colour and a home-screen icon', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(touchIcon).toBeTruthy();

  const res = await request.get(manifestHref!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Aide',
    short_name: expect.any(String),
    start_url: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);

  // Each icon is served as a PNG of the size it claims; 192 and 512 for every purpose, and a maskable one.
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await image.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  const any = icons.filter((i) => (i.purpose ?? 'any').split(' ').includes('any')).map((i) => i.sizes);
  expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);

  const appleIcon = await request.get(touchIcon!);
  expect(appleIcon.status()).toBe(200);
  expect(pngSize(await appleIcon.body())).toEqual({ width: 180, height: 180 });
});

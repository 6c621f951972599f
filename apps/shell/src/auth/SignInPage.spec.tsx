/**
 * @jest-environment jsdom
 */
// First: the browser pieces jsdom lacks, before React Router loads.
import { VisitorFrame } from '../pages/visitor-test-kit';
import { setLocale } from '@aide/i18n';
import { act, allByText, cleanup, click, render, waitFor } from '@aide/testing';
import { ForgotPasswordPage } from './account/ForgotPasswordPage';
import { SignInPage } from './SignInPage';

const h1s = () => [...document.querySelectorAll('h1')].map((h) => h.textContent);
const labels = () => [...document.querySelectorAll('[role="tabpanel"] form label')].map((l) => l.textContent);

async function pickLanguage(name: string) {
  const select = document.querySelector('main > .ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await waitFor(() => allByText(name, '.ant-select-item-option-content *').length > 0);
  const options = allByText(name, '.ant-select-item-option-content *');
  await click(options[options.length - 1]);
}

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('SignInPage', () => {
  it("has the page's one h1, the spec's English and a language switcher", () => {
    render(
      <VisitorFrame path="/sign-in">
        <SignInPage />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Welcome to Aide']);
    expect(labels()).toEqual(['Email', 'Password']);
    expect(document.querySelector('main > .ant-select input')!.getAttribute('aria-label')).toBe('Language');
  });

  it('switches to Japanese from its language switcher, <html lang> with it', async () => {
    render(
      <VisitorFrame path="/sign-in">
        <SignInPage />
      </VisitorFrame>,
    );
    await pickLanguage('日本語');
    await waitFor(() => document.documentElement.lang === 'ja');
    expect(h1s()).toEqual(['Aide へようこそ']);
    expect(labels()).toEqual(['メールアドレス', 'パスワード']);
    expect([...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual([
      'ログイン',
      'アカウントを作成',
    ]);
  });
});

describe('ForgotPasswordPage', () => {
  it("its card title is the page's h1, translated", async () => {
    render(
      <VisitorFrame path="/forgot-password">
        <ForgotPasswordPage />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Reset your password']);
    await act(() => setLocale('zh'));
    expect(h1s()).toEqual(['重置密码']);
    expect(document.querySelector('form')!.getAttribute('aria-label')).toBe('重置密码');
  });
});

describe('AuthCardLayout', () => {
  it('reads the sign-in state from the cache and never asks the API again (a failed check looped with the frame)', () => {
    const fetch = jest.fn(() => new Promise<Response>(() => undefined));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    render(
      <VisitorFrame path="/forgot-password" signInChecked={false}>
        <ForgotPasswordPage />
      </VisitorFrame>,
    );
    expect(h1s()).toEqual(['Reset your password']);
    expect(fetch).not.toHaveBeenCalled();
  });
});

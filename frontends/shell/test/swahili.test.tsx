// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EscrowQueryProvider } from '@escrow/api-client/query-client';
import type { ReactElement } from 'react';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { uiTextsEn } from '@escrow/ui/i18n/ui-texts';
import { uiTextsSw } from '@escrow/ui/i18n/ui-texts-sw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AboutPage from '../src/features/about/about-page.tsx';
import AuthPage from '../src/features/auth/auth-page.tsx';
import ContactPage from '../src/features/contact/contact-page.tsx';
import HowItWorksPage from '../src/features/how-it-works/how-it-works-page.tsx';
import { termsEn } from '../src/features/terms/terms-en.ts';
import TermsPage from '../src/features/terms/terms-page.tsx';
import termsSw from '../src/features/terms/terms-sw.ts';
import ResetPasswordPage from '../src/features/auth/reset-password-page.tsx';
import VerifyResetCodePage from '../src/features/auth/verify-reset-code-page.tsx';
import { LandingPage } from '../src/features/landing/landing-page.tsx';
import { NotFoundPage } from '../src/features/not-found/not-found-page.tsx';
import { PublicFrame } from '../src/features/site-chrome/public-layout.tsx';
import { shellEn } from '../src/i18n/en.ts';
import shellSw from '../src/i18n/sw.ts';
import { pagesEn } from '../src/i18n/pages-en.ts';
import pagesSw from '../src/i18n/pages-sw.ts';
import { RemoteErrorBoundary } from '../src/remotes/remote-error-boundary.tsx';
import { englishLeftovers, sameAsEnglish } from '@escrow/ui/i18n/untranslated';

// Issue 19: the shell's site in Swahili. A text left in English on a Swahili page (or a
// message id shown raw) fails here.

type Table = Readonly<Record<string, string>>;
/** The English and Swahili tables of every text the shell's pages may show. */
/** Ids whose Swahili is the English itself: brands, numbers and names that read the same in both. */
const SAME_IN_BOTH: readonly string[] = ['shell.footer.copyright', 'ui.footer'];

const TABLES: readonly (readonly [Table, Table])[] = [
  [shellEn, shellSw],
  [pagesEn, pagesSw],
  [termsEn, termsSw],
  [uiTextsEn, uiTextsSw],
];

/** What the shell's pages show in English (or as a raw id) on a Swahili page. */
const findEnglish = englishLeftovers(TABLES, ['shell', 'pages', 'terms', 'ui', 'catalogue', 'status', 'progress']);

/** Fails on any English text of the shell or the kit left on the page, and on any raw message id. */
export function expectNoEnglish(root: ParentNode): void {
  expect(findEnglish(root)).toEqual([]);
}

function Broken(): ReactElement {
  throw new Error('the page failed');
}

beforeAll(async () => {
  await activateLocale('sw');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The API of the sign-in pages: no one signed in, Google offered. */
function signedOutApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      const answer = path === '/api/auth/sign-in-options' ? { status: 200, body: { data: { google: true } } } : { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Please sign in' } } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe("the shell's site in Swahili", () => {
  it('shows the landing page and its frame (header, language switch, footer) with no English text', () => {
    const { container } = render(
      <PublicFrame currentPath="/">
        <LandingPage />
      </PublicFrame>,
    );
    expectNoEnglish(container);
    expect(container.querySelector('h1')?.textContent).toBe('Uza Mtandaoni bila Wasiwasi. Lipwa kwa Usalama.');
    expect(container.querySelector('[aria-pressed="true"]')?.getAttribute('lang')).toBe('sw');
  });

  it('shows the prerendered frame (a Menu link to the footer) with no English text', () => {
    const { container } = render(
      <PublicFrame currentPath="/" prerendered>
        <NotFoundPage />
      </PublicFrame>,
    );
    expectNoEnglish(container);
    expect(container.textContent).toContain('Ukurasa haupatikani');
  });

  it('says a page that could not be loaded in Swahili', () => {
    const errors = console.error;
    console.error = () => undefined;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const { container } = render(
        <RemoteErrorBoundary>
          <Broken />
        </RemoteErrorBoundary>,
      );
      expectNoEnglish(container);
      expect(container.textContent).toContain('Ukurasa huu haukuweza kufunguliwa');
    } finally {
      console.error = errors;
      console.warn = warn;
    }
  });

  it('shows the same page in English after switching back, the English texts unchanged', async () => {
    await act(() => activateLocale('en'));
    try {
      const { container } = render(
        <PublicFrame currentPath="/">
          <LandingPage />
        </PublicFrame>,
      );
      expect(container.querySelector('h1')?.textContent).toBe('Sell Online with Confidence. Get Paid Securely.');
      expect(container.textContent).toContain('Free to join. You pay 2.5% only when a sale goes through.');
      expect(container.textContent).not.toContain('Wasiwasi');
    } finally {
      await act(() => activateLocale('sw'));
    }
  });
});

describe("the shell's sign-in pages in Swahili", () => {
  it('shows sign in (with Continue with Google), sign up and reset password with no English text, a form error included', async () => {
    signedOutApi();
    const { container } = render(
      <EscrowQueryProvider>
        <AuthPage />
      </EscrowQueryProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Ingia' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Endelea na Google' })).toBeTruthy();
    expectNoEnglish(container);

    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    await screen.findByRole('alert');
    expectNoEnglish(container);

    fireEvent.click(screen.getByRole('button', { name: 'Huna akaunti? Jisajili' }));
    expect(await screen.findByRole('heading', { name: 'Fungua akaunti yako' })).toBeTruthy();
    expectNoEnglish(container);

    fireEvent.click(screen.getByRole('button', { name: 'Tayari una akaunti? Ingia' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Umesahau nenosiri?' }));
    expect(await screen.findByRole('heading', { name: 'Weka upya nenosiri lako' })).toBeTruthy();
    expectNoEnglish(container);
  });

  it('shows the reset code and new password pages, and their broken links, with no English text', async () => {
    for (const [path, Page, heading] of [
      ['/verify-reset-code?email=wanjiru%40example.com', VerifyResetCodePage, 'Weka msimbo wako wa kuweka upya'],
      ['/verify-reset-code', VerifyResetCodePage, 'Weka msimbo wako wa kuweka upya'],
      ['/reset-password?email=wanjiru%40example.com&code=123456', ResetPasswordPage, 'Weka nenosiri jipya'],
      ['/reset-password', ResetPasswordPage, 'Weka nenosiri jipya'],
    ] as const) {
      window.history.replaceState(null, '', path);
      const { container, unmount } = render(<Page />);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      expectNoEnglish(container);
      unmount();
    }
  });
});

describe("the shell's public pages in Swahili", () => {
  it('shows About with no English text', async () => {
    const { container } = render(<AboutPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kuhusu Sisi' })).toBeTruthy();
    expectNoEnglish(container);
  });

  it('shows How It Works, every FAQ answer open, with no English text', async () => {
    const { container } = render(<HowItWorksPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jinsi Inavyofanya Kazi' })).toBeTruthy();
    const questions = container.querySelectorAll<HTMLButtonElement>('.question-accordion button');
    expect(questions).toHaveLength(10);
    for (const question of questions) {
      fireEvent.click(question);
      expectNoEnglish(container);
    }
    expect(container.querySelector('a[href="/terms#privacy"]')?.textContent).toBe('sehemu ya faragha ya sheria na masharti yetu');
  });

  it('shows the terms, all 15 sections, with no English text', async () => {
    const { container } = render(<TermsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sheria na Masharti' })).toBeTruthy();
    expect(container.querySelectorAll('.terms__section')).toHaveLength(15);
    expectNoEnglish(container);
    expect(container.querySelector('#payment-terms')?.textContent).toContain('Ada yetu ya huduma ni 2.5% ya bei ya bidhaa');
  });

  it('shows Contact, its form and a form error with no English text', async () => {
    const { container } = render(<ContactPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wasiliana Nasi' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Tuma Ujumbe' }));
    await screen.findByRole('alert');
    expectNoEnglish(container);
    expect(container.textContent).toContain('9:00 hadi 18:00');
  });
});

describe('the Swahili catalogs', () => {
  it('translate every text: none is left as its English but those that read the same in both', () => {
    expect(TABLES.flatMap(([english, swahili]) => sameAsEnglish(english, swahili))).toEqual(SAME_IN_BOTH);
  });
});

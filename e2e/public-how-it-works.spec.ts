import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { openPage } from './public-site.ts';

const QUESTIONS = [
  'What is escrow, and how does it protect me?',
  'How much does it cost?',
  'How does my buyer pay?',
  'What is the delivery code?',
  'What if the item is not what the buyer ordered?',
  'Who pays for delivery?',
  'When do I get paid?',
  'Does my buyer need an account?',
  'How do riders use it?',
  'Is my information safe?',
];

const faq = (page: Page) => page.getByRole('region', { name: 'Frequently Asked Questions' });
const question = (page: Page, text: string) => faq(page).getByRole('button', { name: text });

/** The questions whose answers are open, read from the page. */
const openQuestions = (page: Page) =>
  faq(page)
    .getByRole('button', { expanded: true })
    .allTextContents()
    .then((texts) => texts.map((text) => text.trim()));

test.describe('/how-it-works', () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page, '/how-it-works');
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
  });

  test('explains the four steps and has guides for sellers, buyers and riders', async ({ page }) => {
    const steps = page.getByRole('region', { name: 'Four steps to a safe sale' }).getByRole('listitem');
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Step 1: Create an order',
      'Step 2: The buyer pays upfront',
      'Step 3: The rider delivers, the buyer checks',
      'Step 4: Instant settlement',
    ]);
    const guides = page.getByRole('region', { name: 'Guides' });
    await expect(guides.getByRole('heading', { level: 3 })).toHaveText(['For sellers', 'For buyers', 'For riders']);
    await expect(page.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute('href', '/seller/signup');
  });

  test('asks ten questions, all closed at first', async ({ page }) => {
    await expect(faq(page).getByRole('heading', { level: 3 })).toHaveText(QUESTIONS);
    expect(await openQuestions(page)).toEqual([]);
  });

  test('opens one answer at a time, and a second tap closes it again', async ({ page }) => {
    await question(page, 'How much does it cost?').click();
    expect(await openQuestions(page)).toEqual(['How much does it cost?']);
    await expect(faq(page).getByRole('region', { name: 'How much does it cost?' })).toContainText('2.5% of the product price');
    await expect(faq(page).getByRole('region', { name: 'How much does it cost?' })).toContainText('KSh 10,000.00 the fee is KSh 250.00 and you receive KSh 9,750.00');

    await question(page, 'What is the delivery code?').click();
    expect(await openQuestions(page)).toEqual(['What is the delivery code?']);
    await expect(faq(page).getByRole('region', { name: 'How much does it cost?' })).toHaveCount(0);

    await question(page, 'What is the delivery code?').click();
    expect(await openQuestions(page)).toEqual([]);
  });

  test('every question opens its own answer', async ({ page }) => {
    for (const text of QUESTIONS) {
      await question(page, text).click();
      expect(await openQuestions(page)).toEqual([text]);
      await expect(faq(page).getByRole('region', { name: text })).not.toBeEmpty();
    }
  });

  test('works from the keyboard: Enter and Space toggle, arrow keys, Home and End move between questions', async ({ page }) => {
    await question(page, QUESTIONS[0] ?? '').focus();
    await page.keyboard.press('Enter');
    expect(await openQuestions(page)).toEqual([QUESTIONS[0]]);
    await page.keyboard.press('ArrowDown');
    await expect(question(page, QUESTIONS[1] ?? '')).toBeFocused();
    await page.keyboard.press('Space');
    expect(await openQuestions(page)).toEqual([QUESTIONS[1]]);
    await page.keyboard.press('End');
    await expect(question(page, QUESTIONS[9] ?? '')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(question(page, QUESTIONS[0] ?? '')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(question(page, QUESTIONS[9] ?? '')).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await openQuestions(page)).toEqual([QUESTIONS[9]]);
  });

  test('the privacy answer links to the privacy section of the terms', async ({ page }) => {
    await question(page, 'Is my information safe?').click();
    await faq(page).getByRole('link', { name: 'privacy section of our terms' }).click();
    await expect(page).toHaveURL('/terms#privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.locator('#privacy')).toBeFocused();
    await expect(page.getByRole('heading', { name: '9. Privacy and Data Protection' })).toBeInViewport();
  });
});

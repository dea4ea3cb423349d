import type { Page } from '@playwright/test';

/**
 * The homeowner signs an open quote page the way a person does (the public quote page, /q/<token>): types their name,
 * draws a signature on the pad with real pointer moves, and agrees to sign electronically. Approving is left to the
 * caller: the button's name says what is approved (a total, "Approve and pay deposit").
 */
export async function signQuote(page: Page, fullName: string): Promise<void> {
  await page.getByLabel('Full name').fill(fullName);
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 100);
  await page.mouse.down();
  for (let x = 20; x <= box.width - 20; x += 12) await page.mouse.move(box.x + x, box.y + 80 + 40 * Math.sin(x / 25));
  await page.mouse.up();
  await page.getByLabel('I agree to sign this quote electronically').check();
}

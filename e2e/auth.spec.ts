import { expect, test } from '@playwright/test';
import { createConfirmedUser, mailboxLink, signInThroughUi, uniqueEmail } from './support/auth';
import { totpCode } from './support/totp';

test.describe('sign-up and sign-in', () => {
  test('sign up, confirm from the mailbox, sign in, land on Home', async ({ page, request }) => {
    const email = uniqueEmail('signup');
    const password = 'field-pass-1';
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByLabel('Phone Number').fill('(415) 555-2671');
    await page.getByRole('checkbox').check();
    await expect(page.getByText('Message and data rates may apply. Reply STOP to opt out')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Account created successfully! Please check your email to verify your account.')).toBeVisible();
    await expect(page).toHaveURL('/login', { timeout: 6_000 });
    await expect(page.getByText('Account created! Please check your email to verify, then log in.')).toBeVisible();

    // Before confirming, the service refuses and its message is shown.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email not confirmed');

    const link = await mailboxLink(request, email, 'signup');
    const confirmed = await request.get(link, { maxRedirects: 0 });
    expect(confirmed.status()).toBe(303);

    await signInThroughUi(page, { email, password });
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'HOME', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('sign-up validation uses the specified messages', async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Email, password, and phone number are required');

    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await page.getByLabel('Phone Number').fill('4155552671');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');

    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdef');
    await page.getByLabel('Phone Number').fill('(123) 555-2671');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid US phone number');
  });

  test('sign-in errors: missing fields and wrong password', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Fieldbook' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email and password are required');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  });

  test('the guard sends a signed-out visitor to /login and back to the requested page after sign-in', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/tasks');
    await expect(page).toHaveURL('/login?redirect=/tasks');
    await signInThroughUi(page, user, '/tasks');
    await expect(page.getByRole('link', { name: 'TASKS', exact: true })).toHaveAttribute('aria-current', 'page');

    // Back to the sign-in page while signed in: straight on to Home.
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/definitely/not-a-page');
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  });

  test('the sign-in page links to password recovery, /reset-password and account creation', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL('/reset-password');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/signup');
  });

  test('forgot password: request a link, set a new password from it, sign in with it', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}, a link to reset your password is on its way.`)).toBeVisible();

    const link = await mailboxLink(request, user.email, 'recovery');
    await page.goto(link);
    await expect(page).toHaveURL('/reset-password');
    await page.getByLabel('New Password', { exact: true }).fill('new-secret-9');
    await page.getByLabel('Confirm New Password').fill('new-secret-8');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm New Password').fill('new-secret-9');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Your password has been updated.')).toBeVisible();

    await page.getByRole('button', { name: 'Continue to Fieldbook' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await signInThroughUi(page, { email: user.email, password: 'new-secret-9' });
  });

  test('an unknown address gets the same neutral confirmation', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(`If an account exists for ${email}, a link to reset your password is on its way.`)).toBeVisible();
  });

  test('two-step verification: enrol in Settings, then sign-in asks for the code', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInThroughUi(page, user);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.locator('code').first().textContent())!.trim();
    await page.getByRole('textbox', { name: 'Verification code' }).first().click();
    await page.keyboard.type(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    // A guarded page is not reachable with the password alone.
    await page.goto('/jobs');
    await expect(page).toHaveURL('/login?redirect=/jobs');
    await page.getByRole('textbox', { name: 'Authentication code' }).first().click();
    // A code is accepted once; the next 30 s step is inside the server's ±1 step window.
    await page.keyboard.type(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL('/jobs');
  });
});

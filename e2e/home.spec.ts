import { expect, test } from '@playwright/test';
import type { PerformanceStats } from '@fieldbook/contract';
import { signInThroughUi } from './support/auth';
import { createJob, createTask, createWorkSession, openAs, seedCrew, setTaskStatus } from './support/work-data';

const LONG_DESCRIPTION =
  'Remove the damaged drywall in the hallway, treat the studs for mold, let everything dry for two days and then hang new board';

test.describe('home', () => {
  test('three cards of 10, 80-character previews, and the Optimized/Standard toggle with the measured comparison', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    await createJob(s, { client_name: 'Finished Farmhouse', status: 'completed' });
    for (let i = 1; i <= 11; i++) await createTask(s, { description: `Checklist item ${String(i).padStart(2, '0')}`, job_id: garcia.id });
    await createTask(s, { description: LONG_DESCRIPTION, job_id: garcia.id, assigned_to: '5125550101' });

    // Sign in (landing on /, which measures once), then load /home afresh and keep the measurement it reads.
    await signInThroughUi(page, s.user);
    await expect(page.getByTestId('path-optimized')).toBeVisible();
    const stats = page.waitForResponse((res) => res.url().endsWith('/api-fast/optimized/performance-stats') && res.ok());
    const optimizedData = page.waitForRequest((req) => req.url().endsWith('/api-fast/optimized/homepage-data'));
    await page.goto('/home');
    const measured = (await (await stats).json()) as PerformanceStats;
    await optimizedData;

    const tasks = page.getByRole('region', { name: 'Recent Tasks' });
    await expect(tasks.getByTestId('home-task')).toHaveCount(10);
    // The newest task first, cut to 80 characters.
    const preview = `${LONG_DESCRIPTION.slice(0, 80).trimEnd()}…`;
    await expect(tasks.getByTestId('task-preview').first()).toHaveText(preview);
    await expect(tasks.getByText('Garcia Residence · Ann Roofer')).toBeVisible();
    await expect(tasks.getByRole('link', { name: 'View All Recent Tasks' })).toHaveAttribute('href', '/tasks');

    const jobs = page.getByRole('region', { name: 'Active Jobs' });
    await expect(jobs.getByTestId('home-job')).toHaveCount(2);
    await expect(jobs.getByText('Finished Farmhouse')).toBeHidden();
    await expect(jobs.getByRole('link', { name: 'View All Active Jobs' })).toHaveAttribute('href', '/jobs');
    const documents = page.getByRole('region', { name: 'Recent Documents' });
    await expect(documents.getByText('No documents yet')).toBeVisible();
    await expect(documents.getByRole('link', { name: 'View All Recent Documents' })).toHaveAttribute('href', '/documents');

    // The comparison shows what the server measured.
    const box = page.getByRole('region', { name: 'Performance comparison' });
    const seconds = (s: number) => `${s.toFixed(s > 0 && s < 0.01 ? 4 : 3)} s`;
    await expect(box.getByTestId('path-optimized')).toContainText(`${seconds(measured.optimized.time_seconds)} · 1 request`);
    await expect(box.getByTestId('path-original')).toContainText(`${seconds(measured.original.time_seconds)} · ${measured.original.requests} requests`);
    const pct = Math.round(Math.abs(measured.improvement_percent) * 10) / 10;
    await expect(box.getByTestId('improvement')).toHaveText(
      pct === 0 ? 'About the same speed' : `${pct}% ${measured.improvement_percent > 0 ? 'faster' : 'slower'}`,
    );

    // Standard: the ordinary endpoints, one request per card, and the same lists.
    const standardTasks = page.waitForRequest((req) => req.url().endsWith('/api/tasks?limit=10'));
    const standardJobs = page.waitForRequest((req) => req.url().endsWith('/api/jobs?exclude_status=completed&sort=due_date&limit=10'));
    const standardDocuments = page.waitForRequest((req) => req.url().endsWith('/api/documents?limit=10'));
    await page.getByRole('radiogroup', { name: 'Data source' }).getByText('Standard').click();
    await Promise.all([standardTasks, standardJobs, standardDocuments]);
    await expect(page.getByTestId('home-mode')).toHaveText('Showing data from the standard endpoints: one request per card.');
    await expect(tasks.getByTestId('home-task')).toHaveCount(10);
    await expect(tasks.getByTestId('task-preview').first()).toHaveText(preview);
    await expect(jobs.getByTestId('home-job')).toHaveCount(2);
    await expect(box.getByTestId('path-original')).toBeVisible();

    await page.getByRole('radiogroup', { name: 'Data source' }).getByText('Optimized').click();
    await expect(page.getByTestId('home-mode')).toHaveText('Showing data from the optimized endpoint: one request for all three cards.');

    // A task row opens its job.
    await tasks.getByTestId('home-task').first().click();
    await expect(page).toHaveURL(`/jobs/${garcia.id}`);
  });

  test('fast dashboard: stat tiles, up to 5 pending tasks assigned to the user, quick buttons, and a task opens its job', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia, lee } = await seedCrew(s);
    const created = [];
    // The user signed up with +1 415 555 2671: tasks assigned to that phone are theirs (spec 001 §7).
    for (let i = 1; i <= 7; i++) created.push(await createTask(s, { description: `Pending chore ${i}`, job_id: i % 2 ? garcia.id : lee.id, assigned_to: '4155552671' }));
    await createTask(s, { description: 'Someone else’s chore', job_id: garcia.id, assigned_to: '5125550000' });
    await createTask(s, { description: 'Nobody’s chore', job_id: lee.id });
    await setTaskStatus(s, created[6]!.id, 'completed');
    await setTaskStatus(s, created[5]!.id, 'in progress');
    await openAs(page, s, '/fast-dashboard');

    await expect(page.getByRole('heading', { name: 'Fast Dashboard' })).toBeVisible();
    await expect(page.getByTestId('stat-tile').filter({ hasText: 'Active Jobs' })).toContainText('2of 2 jobs');
    await expect(page.getByTestId('stat-tile').filter({ hasText: 'Pending Tasks' })).toContainText('7of 9 tasks');
    await expect(page.getByTestId('stat-tile').filter({ hasText: 'In Progress' })).toContainText('1');
    await expect(page.getByTestId('stat-tile').filter({ hasText: 'Completed' })).toContainText('1');

    const recent = page.getByRole('region', { name: 'Recent Tasks' });
    await expect(recent.getByTestId('dashboard-task')).toHaveCount(5);
    await expect(recent.getByTestId('dashboard-task').first()).toContainText('Pending chore 5');
    await expect(recent.getByText('Pending chore 7')).toBeHidden();
    await expect(recent.getByText('Pending chore 6')).toBeHidden();
    await expect(recent.getByText('Someone else’s chore')).toBeHidden();
    await expect(recent.getByText('Nobody’s chore')).toBeHidden();
    await expect(page.getByRole('link', { name: 'View All Tasks' })).toHaveAttribute('href', '/tasks');
    await expect(page.getByRole('link', { name: 'View All Groups' })).toHaveAttribute('href', '/groups');
    for (const [name, href] of [['Jobs', '/jobs'], ['Tasks', '/tasks'], ['Groups', '/groups']] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    await recent.getByTestId('dashboard-task').first().click();
    await expect(page).toHaveURL(`/jobs/${garcia.id}`);
  });
});

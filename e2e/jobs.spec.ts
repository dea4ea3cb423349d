import { expect, test, type Page } from '@playwright/test';
import { createJob, createJobs, createTask, createWorkSession, getJob, getTask, isoDateFromToday, openAs, seedCrew } from './support/work-data';

/** The card of the job with this client name on the jobs dashboard. */
const jobCard = (page: Page, client: string) => page.getByTestId('job-card').filter({ has: page.getByRole('heading', { name: client, exact: true }) });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test.describe('jobs', () => {
  test('New Job: the form requires a client, creates the job, opens it, and /jobs lists it', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await openAs(page, s, '/jobs');
    await expect(page.getByText('No jobs yet')).toBeVisible();
    await page.getByRole('link', { name: 'New Job' }).first().click();
    await expect(page).toHaveURL('/jobs/new');

    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page.getByText('Client name is required')).toBeVisible();

    await page.getByLabel('Client name').fill('Nguyen Bakery');
    await page.getByLabel('Property address').fill('400 Congress Ave, Austin, TX');
    await page.getByLabel('Job title').fill('Storefront awning');
    await page.getByLabel('Claim number').fill('CLM-77');
    await page.getByLabel('Due date').fill(isoDateFromToday(10));
    await page.getByRole('button', { name: 'Create Job' }).click();

    await expect(page).toHaveURL(new RegExp(`/jobs/${UUID.source}$`));
    await expect(page.getByRole('heading', { name: 'Nguyen Bakery', level: 1 })).toBeVisible();
    await expect(page.getByText('400 Congress Ave, Austin, TX')).toBeVisible();
    await expect(page.getByText('Claim CLM-77')).toBeVisible();
    // The API's placeholders for the default document types.
    await expect(page.getByRole('region', { name: 'Needed documents' }).getByText('Inspection Report')).toBeVisible();

    const jobId = page.url().split('/').pop()!;
    expect(await getJob(s, jobId)).toMatchObject({ client_name: 'Nguyen Bakery', title: 'Storefront awning', status: 'active', due_date: isoDateFromToday(10) });

    await page.getByRole('link', { name: 'All jobs' }).click();
    await expect(jobCard(page, 'Nguyen Bakery')).toBeVisible();
    await expect(jobCard(page, 'Nguyen Bakery').getByText('Storefront awning')).toBeVisible();
  });

  test('Add Task modal: Create Task waits for a description and an assignee, then adds the task to the card', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    await openAs(page, s, '/jobs');

    await jobCard(page, 'Garcia Residence').getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    const create = dialog.getByRole('button', { name: 'Create Task' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Task description').fill('Inspect ridge vents');
    await expect(create).toBeDisabled();
    await dialog.getByRole('option', { name: /Ann Roofer/ }).click();
    await expect(create).toBeEnabled();
    await dialog.getByLabel('Task description').fill('   ');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Task description').fill('Inspect ridge vents');
    // Priority defaults to medium; the due date is optional.
    await expect(dialog.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await create.click();

    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = jobCard(page, 'Garcia Residence').getByTestId('job-task').filter({ hasText: 'Inspect ridge vents' });
    await expect(row.getByText('Ann Roofer')).toBeVisible();
    await expect(row.getByText('Medium priority')).toBeVisible();

    const job = await getJob(s, garcia.id);
    expect(job.tasks).toHaveLength(1);
    expect(job.tasks[0]).toMatchObject({ description: 'Inspect ridge vents', assigned_to: '5125550101', priority: 'medium', due_date: null, status: 'pending' });

    // A second task with a priority and a due date.
    await jobCard(page, 'Garcia Residence').getByRole('button', { name: 'Add Task' }).click();
    await expect(dialog.getByLabel('Task description')).toHaveValue('');
    await dialog.getByLabel('Task description').fill('Order ridge cap shingles');
    await dialog.getByRole('option', { name: /Bob Plumber/ }).click();
    await dialog.getByText('High', { exact: true }).click();
    await dialog.getByLabel('Due date (optional)').fill(isoDateFromToday(0));
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    const second = jobCard(page, 'Garcia Residence').getByTestId('job-task').filter({ hasText: 'Order ridge cap shingles' });
    await expect(second.getByText('High priority')).toBeVisible();
    await expect(second.getByText('Due today')).toBeVisible();
    await expect(second.getByText('Bob Plumber')).toBeVisible();
  });

  test('job status on a card: only active or completed, and the change is saved', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const job = await createJob(s, { client_name: 'Okafor Duplex' });
    await createJob(s, { client_name: 'Pending Pines', status: 'pending' });
    await openAs(page, s, '/jobs');

    const select = jobCard(page, 'Okafor Duplex').getByRole('combobox', { name: 'Job status' });
    await expect(select.locator('option')).toHaveText(['Active', 'Completed']);
    await select.selectOption('completed');
    await expect(page.getByText('Job marked completed')).toBeVisible();
    await expect.poll(async () => (await getJob(s, job.id)).status).toBe('completed');
    await page.reload();
    await expect(jobCard(page, 'Okafor Duplex').getByRole('combobox', { name: 'Job status' })).toHaveValue('completed');

    // A job in another status shows it, but it cannot be chosen again from the card.
    const pending = jobCard(page, 'Pending Pines').getByRole('combobox', { name: 'Job status' });
    await expect(pending).toHaveValue('pending');
    await expect(pending.locator('option[value="pending"]')).toBeDisabled();
    await expect(pending.locator('option:not([disabled])')).toHaveText(['Active', 'Completed']);
  });

  test("a task's status changes on the card, sent as ?status=", async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Seal chimney flashing', job_id: garcia.id });
    await openAs(page, s, '/jobs');

    const row = jobCard(page, 'Garcia Residence').getByTestId('job-task').filter({ hasText: 'Seal chimney flashing' });
    const statusRequest = page.waitForRequest((req) => req.method() === 'PUT' && req.url().includes(`/api/tasks/${task.id}/status?status=in+progress`));
    await row.getByRole('combobox', { name: 'Status of Seal chimney flashing' }).selectOption('in progress');
    expect((await statusRequest).postData() ?? '').toBe('');
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('in progress');

    await row.getByRole('combobox', { name: 'Status of Seal chimney flashing' }).selectOption('completed');
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('completed');
    await expect(row.getByRole('combobox', { name: 'Status of Seal chimney flashing' })).toHaveValue('completed');
    await row.getByRole('combobox', { name: 'Status of Seal chimney flashing' }).selectOption('pending');
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('pending');
  });

  test('a broken answer shows the specified message with Retry: HTML from a proxy, a wrong shape, an error without the envelope', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await seedCrew(s);
    // What a misconfigured proxy in front of the API would answer, one kind per load.
    const answers = [
      { status: 200, contentType: 'text/html', body: '<!doctype html><title>Welcome to nginx</title>' },
      { status: 200, contentType: 'application/json', body: JSON.stringify({ items: [] }) },
      { status: 502, contentType: 'text/plain', body: 'upstream down' },
    ];
    let broken: (typeof answers)[number] | undefined;
    await page.route(
      (url) => url.pathname === '/api/jobs',
      (route) => (broken ? route.fulfill(broken) : route.continue()),
    );
    broken = answers[0];
    await openAs(page, s, '/jobs');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load jobs' });
    await expect(alert).toContainText('The API server is not responding correctly...');
    broken = answers[1];
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toContainText('No jobs found or invalid response format...');
    broken = answers[2];
    await alert.getByRole('button', { name: 'Retry' }).click();
    // 502 is retried twice (spec 000 §9) before the answer is shown.
    await expect(alert).toContainText('Failed to fetch jobs: Bad Gateway');
    broken = undefined;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(jobCard(page, 'Lee Family')).toBeVisible();
  });

  test('search is debounced, filters the cards and lists matches; an empty result offers View All Jobs', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await seedCrew(s);
    await openAs(page, s, '/jobs');
    await expect(jobCard(page, 'Lee Family')).toBeVisible();

    const searches: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/jobs' && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
    });
    // Typed quickly: one request after the pause, not one per key.
    await page.getByRole('textbox', { name: 'Search jobs' }).pressSequentially('Garcia', { delay: 60 });
    await expect(jobCard(page, 'Lee Family')).toBeHidden();
    await expect(jobCard(page, 'Garcia Residence')).toBeVisible();
    expect(searches).toEqual(['Garcia']);
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByText('Found 1 job matching "Garcia"')).toBeVisible();
    await expect(page.getByText('Showing 1 of 1 job matching “Garcia”')).toBeVisible();

    // A misspelled word finds the job in the results panel (similar words), which opens it.
    await page.getByRole('textbox', { name: 'Search jobs' }).fill('Garcai');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(results.getByText('Similar to "garcia"')).toBeVisible();

    // Nothing at all: the empty result and View All Jobs.
    await page.getByRole('textbox', { name: 'Search jobs' }).fill('Zzyzx');
    await page.getByRole('textbox', { name: 'Search jobs' }).press('Enter');
    await expect(page.getByText('No jobs found')).toBeVisible();
    await page.getByRole('button', { name: 'View All Jobs' }).click();
    await expect(page.getByRole('textbox', { name: 'Search jobs' })).toHaveValue('');
    await expect(jobCard(page, 'Lee Family')).toBeVisible();
    await expect(jobCard(page, 'Garcia Residence')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search jobs' }).fill('Garcai');
    await page.getByRole('textbox', { name: 'Search jobs' }).press('Enter');
    await results.getByTestId('search-result').filter({ hasText: 'Garcia Residence' }).click();
    await expect(page.getByRole('heading', { name: 'Garcia Residence', level: 1 })).toBeVisible();
  });

  test('Load More Jobs fetches the next page of 5 while full pages come back', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await createJobs(s, 7, (i) => ({ client_name: `Client ${String(i + 1).padStart(2, '0')}` }));
    const pages: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/jobs' && url.searchParams.get('limit') === '5') pages.push(`${url.searchParams.get('limit')}/${url.searchParams.get('offset')}`);
    });
    await openAs(page, s, '/jobs');

    await expect(page.getByTestId('job-card')).toHaveCount(5);
    await expect(page.getByText('Showing 5 of 7 jobs')).toBeVisible();
    await page.getByRole('button', { name: 'Load More Jobs' }).click();
    await expect(page.getByTestId('job-card')).toHaveCount(7);
    await expect(page.getByText('Showing 7 of 7 jobs')).toBeVisible();
    // A short page (2 of 5) is the end.
    await expect(page.getByRole('button', { name: 'Load More Jobs' })).toBeHidden();
    expect(pages).toEqual(['5/0', '5/5']);
    // Newest first: the first card is the last job created.
    await expect(page.getByTestId('job-card').first().getByRole('heading')).toHaveText('Client 07');
  });

  test('jobs table: pages of 10 with previous/next, status filter, and a row opens the job', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await createJobs(s, 12, (i) => ({
      client_name: `Table Client ${String(i + 1).padStart(2, '0')}`,
      property_address: `${i + 1} Main St`,
      status: i === 0 ? 'cancelled' : i === 1 ? 'pending' : 'active',
    }));
    await openAs(page, s, '/jobs');
    await page.getByText('Table', { exact: true }).click();
    await expect(page).toHaveURL('/jobs?view=table');

    const table = page.getByRole('table', { name: 'Jobs' });
    await expect(table.getByRole('columnheader')).toHaveText(['Client', 'Property Address', 'Status', 'Created', 'Documents']);
    await expect(table.getByTestId('job-row')).toHaveCount(10);
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(table.getByTestId('job-row')).toHaveCount(2);
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(table.getByTestId('job-row').last()).toContainText('Table Client 01');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(table.getByTestId('job-row')).toHaveCount(10);

    const filter = page.getByRole('combobox', { name: 'Filter jobs list by status' });
    await expect(filter.locator('option')).toHaveText(['All statuses', 'Active', 'Pending', 'Completed', 'Cancelled']);
    await filter.selectOption('cancelled');
    await expect(table.getByTestId('job-row')).toHaveCount(1);
    await expect(table.getByTestId('job-row')).toContainText('Table Client 01');
    await expect(table.getByTestId('job-row')).toContainText('1 Main St');
    await expect(table.getByTestId('job-row')).toContainText('5 needed · 0 created · 0 processed');
    await table.getByTestId('job-row').click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${UUID.source}$`));
    await expect(page.getByRole('heading', { name: 'Table Client 01', level: 1 })).toBeVisible();

    // Back returns to the filtered list.
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Filter jobs list by status' })).toHaveValue('cancelled');
  });

  test('job detail: tasks change status, a task is added, and the status may be any', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { lee } = await seedCrew(s);
    const task = await createTask(s, { description: 'Snake the kitchen drain', job_id: lee.id, assigned_to: '5125550102' });
    await openAs(page, s, `/jobs/${lee.id}`);

    await expect(page.getByRole('heading', { name: 'Lee Family', level: 1 })).toBeVisible();
    const row = page.getByTestId('job-task').filter({ hasText: 'Snake the kitchen drain' });
    await expect(row.getByText('Bob Plumber')).toBeVisible();
    await row.getByRole('combobox', { name: 'Status of Snake the kitchen drain' }).selectOption('completed');
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('completed');

    await page.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.getByLabel('Task description').fill('Replace P-trap');
    await dialog.getByRole('option', { name: /Bob Plumber/ }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByTestId('job-task').filter({ hasText: 'Replace P-trap' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tasks (2)' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('in progress');
    await expect(page.getByText('Job marked in progress')).toBeVisible();
    await expect.poll(async () => (await getJob(s, lee.id)).status).toBe('in progress');

    await page.goto('/jobs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Job not found')).toBeVisible();
  });
});

test.describe('jobs on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards fit the screen, Add Task works full screen, and the list is stacked rows instead of a table', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    await openAs(page, s, '/jobs');

    const card = jobCard(page, 'Garcia Residence');
    await expect(card).toBeVisible();
    // Nothing wider than the screen: no sideways scrolling in the field.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await card.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(380);
    await dialog.getByLabel('Task description').fill('Measure the gutter run');
    await dialog.getByRole('option', { name: /Bob Plumber/ }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect.poll(async () => (await getJob(s, garcia.id)).tasks.map((t) => t.description)).toEqual(['Measure the gutter run']);

    await page.goto('/jobs?view=table');
    await expect(page.getByTestId('job-row')).toHaveCount(2);
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByTestId('job-row').filter({ hasText: 'Garcia Residence' }).click();
    await expect(page.getByRole('heading', { name: 'Garcia Residence', level: 1 })).toBeVisible();
  });
});

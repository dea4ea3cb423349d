import { expect, test, type Locator, type Page } from '@playwright/test';
import { TASKS_PAGE_SIZE } from '@fieldbook/contract';
import { createTask, createTasks, createWorkSession, getContacts, getTask, getTasks, isoDateFromToday, openAs, seedCrew, setTaskStatus } from './support/work-data';

/** The card of the task with this description. */
const card = (scope: Page | Locator, description: string) => scope.getByTestId('task-card').filter({ hasText: description });
/** The section of one assignee. */
const section = (page: Page, name: string) => page.getByRole('region', { name: `Tasks for ${name}` });

async function pickOption(page: Page, input: Locator, typed: string, option: string | RegExp) {
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test.describe('tasks page', () => {
  test('Create New Task: validation, then a task created for a job and one from the job section', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    await createTask(s, { description: 'Existing gutter check', job_id: garcia.id });
    await openAs(page, s, '/tasks');
    await expect(card(page, 'Existing gutter check')).toBeVisible();

    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Task description is required')).toBeVisible();
    await expect(dialog.getByText('Please select a job for this task')).toBeVisible();

    await dialog.getByLabel('Task description').fill('Tear off old shingles');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Job' }), 'Lee', /Lee Family/);
    await dialog.getByLabel('Search assignees').fill('Ann');
    await dialog.getByRole('option', { name: /Ann Roofer/ }).click();
    await dialog.getByLabel('Due date').fill(isoDateFromToday(1));
    await dialog.getByText('High', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const created = card(section(page, 'Ann Roofer'), 'Tear off old shingles');
    await expect(created).toBeVisible();
    await expect(created.getByText('High priority')).toBeVisible();
    await expect(created.getByText('Due tomorrow')).toBeVisible();
    await expect(section(page, 'Ann Roofer').getByText('Lee Family')).toBeVisible();

    // "Create Task for this Job" preselects the job.
    await section(page, 'Unassigned').getByRole('button', { name: 'Create Task for this Job' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveValue(/Garcia Residence/);
    await dialog.getByLabel('Task description').fill('Photograph attic decking');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully').first()).toBeVisible();
    await expect(card(section(page, 'Unassigned'), 'Photograph attic decking')).toBeVisible();

    const { tasks } = await getTasks(s);
    const photo = tasks.find((t) => t.description === 'Photograph attic decking');
    expect(photo).toMatchObject({ job_id: garcia.id, priority: 'medium', assigned_to: null, due_date: null, status: 'pending' });
    expect(tasks.find((t) => t.description === 'Tear off old shingles')).toMatchObject({ assigned_to: '5125550101', priority: 'high' });
  });

  test('Assign Task dialog assigns a contact; the button waits for a new choice', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Replace flashing at chimney', job_id: garcia.id });
    await openAs(page, s, '/tasks');

    await card(page, 'Replace flashing at chimney').getByRole('button', { name: 'Reassign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Task' });
    const assign = dialog.getByRole('button', { name: 'Assign Task' });
    await expect(assign).toBeDisabled();
    await dialog.getByRole('option', { name: /Bob Plumber/ }).click();
    await expect(assign).toBeEnabled();
    await assign.click();
    await expect(page.getByText('Task assigned to Bob Plumber')).toBeVisible();
    await expect(card(section(page, 'Bob Plumber'), 'Replace flashing at chimney')).toBeVisible();
    expect((await getTask(s, task.id)).assigned_to).toBe('5125550102');

    // Reopening the dialog: the current assignee is selected, so Assign Task is disabled again.
    await card(page, 'Replace flashing at chimney').getByRole('button', { name: 'Reassign' }).click();
    await expect(dialog.getByRole('option', { name: /Bob Plumber/ })).toHaveAttribute('aria-selected', 'true');
    await expect(assign).toBeDisabled();
  });

  test('Batch Assign Tasks: the list comes from the server for its own filters — select all covers tasks the board has not loaded', async ({ page, request }) => {
    test.slow(); // seeds more than a page of tasks and assigns them all: long under a loaded CI machine
    const s = await createWorkSession(request);
    const { garcia, lee } = await seedCrew(s);
    // More tasks for one job than the board's first page (TASKS_PAGE_SIZE), and one task of another job.
    const many = TASKS_PAGE_SIZE + 5;
    const garciaTasks = await createTasks(s, many, (i) => ({ description: `Garcia step ${i + 1}`, job_id: garcia.id }));
    const c = await createTask(s, { description: 'Snake main drain', job_id: lee.id });
    await openAs(page, s, '/tasks');
    await expect(card(page, 'Snake main drain')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More Tasks' })).toBeVisible();

    await page.getByRole('button', { name: 'Batch Assign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batch Assign Tasks' });
    await expect(dialog.getByRole('button', { name: /Assign 0 Task\(s\)/ })).toBeDisabled();
    await pickOption(page, dialog.getByRole('combobox', { name: 'Job' }), 'Garcia', 'Garcia Residence — 12 Oak Ave');
    await expect(dialog.getByText('Snake main drain')).toBeHidden();
    await dialog.getByLabel(`Select all (${many})`).check();
    await dialog.getByRole('option', { name: /Ann Roofer/ }).click();
    // The success toast lives 2 s (react-hot-toast's default, the spec's), while the board re-renders all 55 cards: a
    // check that starts after the click and then backs off missed it on a loaded machine (2026-12-05). Watching starts
    // before the click, so the toast is seen the moment it is shown.
    const assigned = page.getByText(`Successfully assigned ${many} task(s)`).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: `Assign ${many} Task(s)` }).click();
    await assigned;

    await expect(card(section(page, 'Ann Roofer'), `Garcia step ${many}`)).toBeVisible();
    for (const t of [garciaTasks[0]!, garciaTasks[many - 1]!]) expect((await getTask(s, t.id)).assigned_to).toBe('5125550101');
    const res = await request.get(`/api/tasks?job_id=${garcia.id}&limit=500`, { headers: s.headers });
    const { tasks: all } = (await res.json()) as { tasks: Array<{ assigned_to: string | null }> };
    expect(all).toHaveLength(many);
    expect(all.every((t) => t.assigned_to === '5125550101')).toBe(true);
    expect((await getTask(s, c.id)).assigned_to).toBeNull();
  });

  test('two contacts sharing a phone (saved before the one-phone rule) keep Create Task working; a new duplicate is refused', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    // Rows saved before the rule may share a number: the server answers such a list as it is. This adds a second
    // card for Ann's number to every real contacts answer, as such a database would hold.
    await page.route(
      (url) => url.pathname === '/api/contacts',
      async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { contacts: Array<Record<string, unknown>>; total: number };
        const ann = body.contacts.find((c) => c.phone_number === '5125550101');
        if (ann) body.contacts.push({ ...ann, id: crypto.randomUUID(), name: 'Ann (old card)' });
        await route.fulfill({ response: res, json: { ...body, total: body.total + (ann ? 1 : 0) } });
      },
    );
    await openAs(page, s, '/tasks');
    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task description').fill('Check the downspouts');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Job' }), 'Garcia', /Garcia Residence/);
    await expect(dialog.getByRole('option', { name: /Ann Roofer/ })).toBeVisible();
    await dialog.getByRole('option', { name: /Ann \(old card\)/ }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully')).toBeVisible();
    expect((await getTasks(s)).tasks.find((t) => t.description === 'Check the downspouts')).toMatchObject({ assigned_to: '5125550101', job_id: garcia.id });

    // A new contact with Ann's number is refused, naming her; nothing is saved.
    await page.unrouteAll();
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const panel = page.getByRole('dialog', { name: 'New Contact' });
    await panel.getByLabel('Name').fill('Second Ann');
    await panel.getByLabel('Phone number').pressSequentially('5125550101');
    await panel.getByRole('button', { name: 'Create Contact' }).click();
    await expect(panel.getByText('A contact with this phone number already exists: Ann Roofer')).toBeVisible();
    expect((await getContacts(s)).contacts.map((c) => c.name).sort()).toEqual(['Ann Roofer', 'Bob Plumber']);
  });

  test('Mark Complete and Reopen, and the status dropdown', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Install drip edge', job_id: garcia.id });
    await openAs(page, s, '/tasks');

    const c = card(page, 'Install drip edge');
    await c.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(c).toHaveAttribute('data-status', 'completed');
    await expect(c.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('completed');
    // The board's refetch brings the server's answer, which keeps the change.
    const refetched = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/tasks');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await refetched;
    await expect(c).toHaveAttribute('data-status', 'completed');

    await c.getByRole('button', { name: 'Reopen' }).click();
    await expect(c).toHaveAttribute('data-status', 'pending');
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('pending');

    await c.getByLabel('Task status').selectOption('in progress');
    await expect(c).toHaveAttribute('data-status', 'in progress');
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('in progress');
  });

  test('status and text filters, with the empty state and Clear Filters', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia, lee } = await seedCrew(s);
    await createTask(s, { description: 'Seal skylight', job_id: garcia.id });
    const done = await createTask(s, { description: 'Pressure test lines', job_id: lee.id });
    await setTaskStatus(s, done.id, 'completed');
    await openAs(page, s, '/tasks');
    await expect(card(page, 'Seal skylight')).toBeVisible();

    const statusFilter = page.getByRole('radiogroup', { name: 'Status filter' });
    await statusFilter.getByText('Completed', { exact: true }).click();
    await expect(card(page, 'Pressure test lines')).toBeVisible();
    await expect(card(page, 'Seal skylight')).toBeHidden();

    await statusFilter.getByText('Pending', { exact: true }).click();
    await expect(card(page, 'Seal skylight')).toBeVisible();
    await expect(card(page, 'Pressure test lines')).toBeHidden();

    await page.getByLabel('Filter tasks').fill('pressure');
    await expect(page.getByText('No tasks match your filters')).toBeVisible();

    await statusFilter.getByText('All', { exact: true }).click();
    await expect(card(page, 'Pressure test lines')).toBeVisible();
    await page.getByLabel('Filter tasks').fill('oak ave'); // matches the job's address
    await expect(card(page, 'Seal skylight')).toBeVisible();
    await expect(card(page, 'Pressure test lines')).toBeHidden();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByLabel('Filter tasks')).toHaveValue('');
    await expect(card(page, 'Seal skylight')).toBeVisible();
    await expect(card(page, 'Pressure test lines')).toBeVisible();
  });

  test('Load More Tasks appends the next page; the text filter reaches tasks not loaded yet', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const count = TASKS_PAGE_SIZE + 3;
    // Oldest first: "Paged task 01" is the oldest, so it is not on the first page (newest first).
    await createTasks(s, count, (i) => ({ description: `Paged task ${String(i + 1).padStart(2, '0')}`, job_id: garcia.id }));
    await openAs(page, s, '/tasks');

    const cards = page.getByTestId('task-card');
    const countLine = page.getByTestId('task-count');
    const loadMore = page.getByRole('button', { name: 'Load More Tasks' });
    await expect(countLine).toHaveText(`Showing ${TASKS_PAGE_SIZE} of ${count} tasks`);
    await expect(cards).toHaveCount(TASKS_PAGE_SIZE);
    await expect(card(page, `Paged task ${count}`)).toBeVisible();
    await expect(card(page, 'Paged task 01')).toHaveCount(0);
    // While more pages exist the assignee's counts say they are of the loaded tasks.
    await expect(section(page, 'Unassigned').getByText(`${TASKS_PAGE_SIZE} open · ${TASKS_PAGE_SIZE} loaded`)).toBeVisible();

    // The server filters: the oldest task is found although the board has not loaded it.
    await page.getByLabel('Filter tasks').fill('paged 01');
    await expect(card(page, 'Paged task 01')).toBeVisible();
    await expect(countLine).toHaveText('Showing 1 of 1 task');
    await expect(loadMore).toBeHidden();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(countLine).toHaveText(`Showing ${TASKS_PAGE_SIZE} of ${count} tasks`);

    await loadMore.click();
    await expect(countLine).toHaveText(`Showing ${count} of ${count} tasks`);
    await expect(cards).toHaveCount(count);
    await expect(card(page, 'Paged task 01')).toBeVisible();
    await expect(card(page, `Paged task ${count}`)).toHaveCount(1);
    await expect(loadMore).toBeHidden();
    // Grouping spans the pages: one job section holds them all.
    await expect(section(page, 'Unassigned').getByTestId('job-section')).toHaveCount(1);
    await expect(section(page, 'Unassigned').getByText(`${count} open / ${count}`)).toBeVisible();
    await expect(section(page, 'Unassigned').getByText(`${count} open · ${count} total`)).toBeVisible();
  });

  test('job sections collapse', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    await createTask(s, { description: 'Replace vent boots', job_id: garcia.id });
    await openAs(page, s, '/tasks');
    const toggle = page.getByRole('button', { name: /Garcia Residence/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(card(page, 'Replace vent boots')).toBeHidden();
    await toggle.click();
    await expect(card(page, 'Replace vent boots')).toBeVisible();
  });

  test('Task Search: debounced typing, a misspelled word, Enter, the empty state and the header search', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { lee } = await seedCrew(s);
    await createTask(s, { description: 'Replace corroded plumbing under the kitchen sink', job_id: lee.id, priority: 'high' });
    await openAs(page, s, '/tasks');

    await page.getByRole('tab', { name: 'Task Search' }).click();
    await expect(page).toHaveURL(/tab=search/);
    const box = page.getByLabel('Search tasks');
    await box.pressSequentially('plumbng'); // misspelled
    const result = page.getByTestId('search-result').filter({ hasText: 'Replace corroded plumbing under the kitchen sink' });
    await expect(result).toBeVisible();
    await expect(result.getByText(/% match/)).toBeVisible();
    await expect(result.getByText('high priority')).toBeVisible();
    await expect(page).toHaveURL(/q=plumbng/);

    await box.fill('zzqqxx');
    await box.press('Enter');
    await expect(page.getByText('No tasks found matching your search')).toBeVisible();

    await page.getByLabel('Search your workspace').fill('kitchen sink');
    await page.getByLabel('Search your workspace').press('Enter');
    await expect(page).toHaveURL(/\/tasks\?tab=search&q=kitchen(\+|%20)sink/);
    await expect(page.getByLabel('Search tasks')).toHaveValue('kitchen sink');
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Replace corroded plumbing under the kitchen sink' })).toBeVisible();
  });

  test('task detail: job link, assign, Mark Complete and Reopen', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Final roof inspection', job_id: garcia.id, due_date: isoDateFromToday(0) });
    await openAs(page, s, `/tasks/${task.id}`);

    await expect(page.getByRole('heading', { name: 'Final roof inspection' })).toBeVisible();
    await expect(page.getByText('Due today').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Garcia Residence' })).toHaveAttribute('href', `/jobs/${garcia.id}`);

    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Task' });
    await dialog.getByRole('option', { name: /Ann Roofer/ }).click();
    await dialog.getByRole('button', { name: 'Assign Task' }).click();
    await expect(page.getByText('Ann Roofer', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('completed');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('pending');
  });
});

test.describe('tasks page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A real touch drag through the DevTools protocol: Chromium turns it into touch and pointer events. */
  async function drag(page: Page, target: Locator, dx: number, dy: number) {
    const box = await target.boundingBox();
    if (!box) throw new Error('the card is not on screen');
    const cdp = await page.context().newCDPSession(page);
    const x = box.x + 24;
    const y = box.y + 18;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    const steps = 8;
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('Create New Task fits the screen: every priority is visible and can be chosen', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    await createTask(s, { description: 'Existing gutter check', job_id: garcia.id });
    await openAs(page, s, '/tasks');
    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    const priority = dialog.getByRole('radiogroup');
    const high = priority.getByText('High', { exact: true });
    await expect(high).toBeVisible();
    const [groupBox, highBox] = [await priority.boundingBox(), await high.boundingBox()];
    // The control clips what overflows it: "High" must end inside it, and inside the screen.
    expect(highBox!.x + highBox!.width).toBeLessThanOrEqual(groupBox!.x + groupBox!.width);
    expect(groupBox!.x + groupBox!.width).toBeLessThanOrEqual(390);
    await high.click();
    await expect(priority.getByRole('radio', { name: 'High' })).toBeChecked();
  });

  test('a swipe right of more than 50 px completes a task; short or vertical swipes do not', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Swipe me when done', job_id: garcia.id });
    await openAs(page, s, '/tasks');
    const c = card(page, 'Swipe me when done');
    await expect(page.getByTestId('task-count')).toHaveText('Showing 1 of 1 task');
    // Nothing on the board is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await c.scrollIntoViewIfNeeded();

    await drag(page, c, 35, 0);
    await drag(page, c, 0, 120);
    await expect(c).toHaveAttribute('data-status', 'pending');
    expect((await getTask(s, task.id)).status).toBe('pending');

    await c.scrollIntoViewIfNeeded();
    await drag(page, c, 140, 6);
    await expect(c).toHaveAttribute('data-status', 'completed');
    await expect(page.getByText('Task marked complete')).toBeVisible();
    await expect.poll(async () => (await getTask(s, task.id)).status).toBe('completed');
  });
});

test.describe('tasks of a group', () => {
  test('a task is created in a group; the fast dashboard’s group chip and View All Tasks open the Tasks page filtered to it', async ({ page, request }) => {
    test.slow(); // API seeding, a dialog, the dashboard and the board in one story
    const s = await createWorkSession(request);
    const { garcia, lee } = await seedCrew(s);
    const res = await request.post('/api/groups', { headers: s.headers, data: { name: 'North Crew' } });
    expect(res.status()).toBe(201);
    const crew = (await res.json()) as { id: string };
    // Assigned to the user's own phone: the fast dashboard lists the user's tasks.
    await createTask(s, { description: 'Tarp the north slope', job_id: garcia.id, assigned_to: '4155552671', group_id: crew.id });
    await createTask(s, { description: 'Lee gutters, no crew', job_id: lee.id, assigned_to: '4155552671' });

    // Create New Task offers the user's groups of this workspace.
    await openAs(page, s, '/tasks');
    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task description').fill('Haul shingles for the crew');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Job' }), 'Garcia', /Garcia Residence/);
    await dialog.getByRole('combobox', { name: 'Group (optional)' }).click();
    await page.getByRole('option', { name: 'North Crew' }).click();
    await page.screenshot({ path: 'test-results/create-task-group.png' });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully')).toBeVisible();
    expect((await getTasks(s)).tasks.find((t) => t.description === 'Haul shingles for the crew')?.group_id).toBe(crew.id);

    await page.goto('/fast-dashboard');
    const groups = page.getByRole('region', { name: 'Groups' });
    await groups.getByText('North Crew (1)').click();
    const recent = page.getByRole('region', { name: 'Recent Tasks' });
    await expect(recent.getByTestId('dashboard-task')).toHaveCount(1);
    await expect(recent.getByTestId('dashboard-task')).toContainText('Tarp the north slope');
    await page.getByRole('link', { name: 'View All Tasks' }).click();

    await expect(page).toHaveURL('/tasks');
    await expect(page.getByTestId('group-filter')).toContainText('Showing the tasks of North Crew.');
    await expect(card(page, 'Tarp the north slope')).toBeVisible();
    await expect(card(page, 'Haul shingles for the crew')).toBeVisible();
    await expect(card(page, 'Lee gutters, no crew')).toBeHidden();
    await page.getByRole('button', { name: 'Show all groups' }).click();
    await expect(card(page, 'Lee gutters, no crew')).toBeVisible();
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { createTask, createWorkSession, getTask, getTasks, openAs, seedCrew } from './support/work-data';

/** Spec 001 §8, exact. */
const QUEUED = 'You are currently offline. Changes will be saved when you reconnect';
const CREATE_QUEUED = 'Task will be created when you reconnect';

const card = (scope: Page | Locator, description: string) => scope.getByTestId('task-card').filter({ hasText: description });
const section = (page: Page, name: string) => page.getByRole('region', { name: `Tasks for ${name}` });

test.describe('tasks page offline queue (spec 001 §4)', () => {
  test('offline: Mark Complete and a new task are queued and shown; on reconnect both are synced', async ({ page, context, request }) => {
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Inspect skylight seals', job_id: garcia.id });
    await openAs(page, s, '/tasks');
    await expect(card(page, 'Inspect skylight seals')).toBeVisible();

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    const c = card(page, 'Inspect skylight seals');
    await c.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(c).toHaveAttribute('data-status', 'completed');

    await section(page, 'Unassigned').getByRole('button', { name: 'Create Task for this Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveValue(/Garcia Residence/);
    await dialog.getByLabel('Task description').fill('Tarp the north slope');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText(CREATE_QUEUED)).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = card(section(page, 'Unassigned'), 'Tarp the north slope');
    await expect(created).toBeVisible();
    await expect(created).toHaveAttribute('data-status', 'pending');
    await expect(created).toHaveAttribute('data-task-id', /^offline-/);

    // The header counts the changes waiting for the network.
    await expect(page.getByRole('button', { name: 'Pending changes: 2 pending' })).toBeVisible();
    // Nothing reached the server yet.
    expect((await getTask(s, task.id)).status).toBe('pending');
    expect((await getTasks(s)).tasks.map((t) => t.description)).not.toContain('Tarp the north slope');

    await context.setOffline(false);
    await expect(page.getByText('Sync Complete: 2 changes synced')).toBeVisible();
    // The offline notices go once the queue has been sent.
    await expect(page.getByText('You are currently offline. Changes will be saved when you reconnect')).toBeHidden();
    await expect(page.getByText('Task will be created when you reconnect')).toBeHidden();
    expect((await getTask(s, task.id)).status).toBe('completed');
    const onServer = (await getTasks(s)).tasks.filter((t) => t.description === 'Tarp the north slope');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]).toMatchObject({ job_id: garcia.id, status: 'pending', assigned_to: null });
    // The refetch replaces the temporary task with the server's.
    await expect(created).toHaveAttribute('data-task-id', onServer[0]!.id);
    await expect(card(page, 'Inspect skylight seals')).toHaveAttribute('data-status', 'completed');
    // The queue (IndexedDB) is empty and the count gone.
    await expect(page.getByTestId('pending-changes')).toBeHidden();
  });

  test('phone: an offline reassignment and a change to a task created offline sync with the real id', async ({ page, context, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const s = await createWorkSession(request);
    const { garcia } = await seedCrew(s);
    const task = await createTask(s, { description: 'Seal vent boots', job_id: garcia.id });
    await openAs(page, s, '/tasks');
    await expect(card(page, 'Seal vent boots')).toBeVisible();

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    await card(page, 'Seal vent boots').getByRole('button', { name: 'Reassign' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Task' });
    await assign.getByRole('option', { name: /Bob Plumber/ }).click();
    await assign.getByRole('button', { name: 'Assign Task' }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(card(section(page, 'Bob Plumber'), 'Seal vent boots')).toBeVisible();

    await section(page, 'Bob Plumber').getByRole('button', { name: 'Create Task for this Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task description').fill('Photograph chimney cap');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText(CREATE_QUEUED)).toBeVisible();
    const created = card(section(page, 'Unassigned'), 'Photograph chimney cap');
    await created.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(created).toHaveAttribute('data-status', 'completed');
    await expect(page.getByRole('button', { name: 'Pending changes: 3 pending' })).toBeVisible();
    await page.screenshot({ path: 'test-results/tasks-offline-phone.png' });

    expect((await getTask(s, task.id)).assigned_to).toBeNull();
    await context.setOffline(false);
    await expect(page.getByText('Sync Complete: 3 changes synced')).toBeVisible();
    expect((await getTask(s, task.id)).assigned_to).toBe('5125550102');
    const onServer = (await getTasks(s)).tasks.find((t) => t.description === 'Photograph chimney cap');
    expect(onServer).toMatchObject({ status: 'completed', job_id: garcia.id });
  });
});

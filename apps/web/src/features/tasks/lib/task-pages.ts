import type { Task, TaskList } from '@fieldbook/contract';

/**
 * The offset of the board's next page, or undefined when every matching task is loaded. Pages are fixed-size
 * slices (offset = pages loaded × page size); the newest page's total is the freshest count. An empty page
 * also ends the list, so a total that went stale (tasks deleted meanwhile) cannot ask for pages forever.
 */
export function nextPageOffset(pages: readonly TaskList[], pageSize: number): number | undefined {
  const last = pages.at(-1);
  if (!last || last.tasks.length === 0) return undefined;
  const fetched = pages.reduce((n, page) => n + page.tasks.length, 0);
  return fetched < last.total ? pages.length * pageSize : undefined;
}

/**
 * The loaded pages as one list, each task once: a task created between two page loads shifts the newest-first
 * slices by one, so the next page can repeat the previous page's last task.
 */
export function loadedTasks(pages: readonly TaskList[]): Task[] {
  const seen = new Set<string>();
  const tasks: Task[] = [];
  for (const page of pages) {
    for (const task of page.tasks) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      tasks.push(task);
    }
  }
  return tasks;
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** "Showing 50 of 1,234 tasks" under the board. */
export function showingCountText(shown: number, total: number): string {
  const of = Math.max(total, shown);
  return `Showing ${COUNT_FORMAT.format(shown)} of ${COUNT_FORMAT.format(of)} ${of === 1 ? 'task' : 'tasks'}`;
}

/** The text filter as sent to the server (`q`): trimmed, inner runs of spaces as one, so equal filters share a cache entry. */
export function normalizeFilterText(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

import type { QueryClient } from '@tanstack/react-query';
import { taskKeys } from '../../tasks';
import { contactKeys } from './keys';

/** Task lists carry assignee_name, resolved from the caller's contacts, so a contact change refreshes them too. */
export function invalidateContactViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  ]);
}

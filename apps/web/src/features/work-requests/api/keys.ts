/** Query keys of the work-requests feature. */
export const workRequestKeys = {
  all: ['work-requests'] as const,
  lists: () => [...workRequestKeys.all, 'list'] as const,
  list: (status: string) => [...workRequestKeys.lists(), status] as const,
  detail: (id: string) => [...workRequestKeys.all, 'detail', id] as const,
  link: () => [...workRequestKeys.all, 'link'] as const,
  publicForm: (token: string) => [...workRequestKeys.all, 'public', token] as const,
};

/** Query keys of the client hub (one factory: mutations invalidate by these). */
export const clientHubKeys = {
  all: ['client-hub'] as const,
  public: (token: string) => ['client-hub', 'public', token] as const,
  contact: (contactId: string) => ['client-hub', 'contact', contactId] as const,
};

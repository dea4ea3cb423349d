import type { ClientHub } from '@fieldbook/contract';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { ClientPage, ClientPageBody } from '../../../components/client-page';
import { useClientHub } from '../api/get-client-hub';
import { HubCodeStep } from './hub-code-step';
import { HubRequestWork } from './hub-request-work';
import { ContractorCard, DocumentsSection, InvoicesSection, PhotosSection, QuotesSection, VisitsSection } from './hub-sections';

/**
 * /h/:token — the client hub (issue 36): everything one client has with one contractor, from any message's link, no
 * password; fits a 390 px phone. Each section shows only when it has something. Opening it marks nothing: the items'
 * own pages (the quote, the invoice) count their views when opened from here.
 */
export function ClientHubScreen({ token }: { token: string }) {
  const view = useClientHub(token);
  return (
    <ClientPageBody query={view} unavailableTitle="Your page is unavailable">
      {(answer) => (
        <ClientPage>
          {answer.state === 'confirm' ? <HubCodeStep token={token} company={answer.company} destinations={answer.destinations} /> : <ClientHubContent hub={answer.hub} token={token} />}
        </ClientPage>
      )}
    </ClientPageBody>
  );
}

export function ClientHubContent({ hub, token }: { hub: ClientHub; token: string }) {
  const isEmpty = hub.quotes.length + hub.invoices.length + hub.upcoming_visits.length + hub.past_visits.length + hub.galleries.length + hub.documents.length === 0;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text fw={700} fz={20}>
          {hub.company}
        </Text>
        <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
          {hub.client_name ? `Hello, ${hub.client_name}` : 'Your work with us'}
        </Title>
      </Stack>
      {isEmpty && <Alert color="gray">Nothing here yet. Quotes, invoices, visits, photos and documents from {hub.company} will show here.</Alert>}
      <QuotesSection hub={hub} token={token} />
      <InvoicesSection hub={hub} />
      <VisitsSection hub={hub} />
      <PhotosSection hub={hub} />
      <DocumentsSection hub={hub} />
      <HubRequestWork token={token} hub={hub} />
      <ContractorCard hub={hub} />
    </Stack>
  );
}

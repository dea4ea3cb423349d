import { formatCents, INVOICE_STATUS_LABELS, localDate, VISIT_STATUS_LABELS, type ClientHub, type HubVisit } from '@fieldbook/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dayInWords } from '../../../lib/calendar-day';
import { arrivalWindow, phoneInWords, visitWhen } from '../lib/hub-format';
import { hubState, inAppPath } from '../lib/hub-return';

/** One section of the hub, shown only when it has something (the callers decide). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} fz={18}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A row of a section: its lines on the left, a badge that keeps its width on the right (long titles wrap at 390 px). */
function Row({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Stack>
        {badge && <div style={{ flexShrink: 0 }}>{badge}</div>}
      </Group>
    </Paper>
  );
}

/**
 * A button to one of this client's pages: in-app when it is this app's page, with the hub's token in the history state
 * so that page can link back (lib/hub-return.ts; never in its URL), else a plain link.
 */
function PageButton({ link, token, children }: { link: string; token: string; children: ReactNode }) {
  const path = inAppPath(link);
  const style = { alignSelf: 'flex-start' } as const;
  return path ? (
    <Button component={Link} to={path} state={hubState(token)} size="sm" mt={4} style={style}>
      {children}
    </Button>
  ) : (
    <Button component="a" href={link} size="sm" mt={4} style={style}>
      {children}
    </Button>
  );
}

/** A quote's title linking to its page, in-app with the way back as PageButton does. */
function PageAnchor({ link, token, children }: { link: string; token: string; children: ReactNode }) {
  const path = inAppPath(link);
  return path ? (
    <Anchor component={Link} to={path} state={hubState(token)} fw={600}>
      {children}
    </Anchor>
  ) : (
    <Anchor href={link} fw={600}>
      {children}
    </Anchor>
  );
}

export function QuotesSection({ hub, token }: { hub: ClientHub; token: string }) {
  const toApprove = hub.quotes.filter((q) => q.status === 'sent' || q.status === 'viewed');
  const decided = hub.quotes.filter((q) => q.status === 'approved' || q.status === 'declined');
  return (
    <>
      {toApprove.length > 0 && (
        <Section title="Quotes to approve">
          {toApprove.map((q) => (
            <Row key={q.number}>
              <Text fw={600}>{q.title}</Text>
              <Text size="sm" c="dimmed">
                Quote {q.number} · valid until {dayInWords(q.expires_on)}
              </Text>
              <PageButton link={q.link} token={token}>
                Review and approve
              </PageButton>
            </Row>
          ))}
        </Section>
      )}
      {decided.length > 0 && (
        <Section title="Your decisions">
          {decided.map((q) => (
            <Row key={q.number} badge={<Badge color={q.status === 'approved' ? 'green' : 'gray'}>{q.status === 'approved' ? 'Approved' : 'Declined'}</Badge>}>
              <PageAnchor link={q.link} token={token}>
                {q.title}
              </PageAnchor>
              <Text size="sm" c="dimmed">
                Quote {q.number}
              </Text>
            </Row>
          ))}
        </Section>
      )}
    </>
  );
}

export function InvoicesSection({ hub }: { hub: ClientHub }) {
  const toPay = hub.invoices.filter((i) => i.status !== 'paid');
  const paid = hub.invoices.filter((i) => i.status === 'paid');
  return (
    <>
      {toPay.length > 0 && (
        <Section title="Invoices to pay">
          {toPay.map((i) => (
            <Row key={i.number} badge={<Badge color={i.status === 'overdue' ? 'red' : 'blue'}>{INVOICE_STATUS_LABELS[i.status]}</Badge>}>
              <Text fw={600}>{i.title}</Text>
              <Text size="sm" c="dimmed">
                Invoice {i.number}
                {i.due_on ? ` · due ${dayInWords(i.due_on)}` : ''}
              </Text>
              <Text fw={700} ff="monospace">
                {formatCents(i.balance_cents)} due
              </Text>
              <Button component="a" href={i.link} size="sm" mt={4} style={{ alignSelf: 'flex-start' }}>
                View and pay
              </Button>
            </Row>
          ))}
        </Section>
      )}
      {paid.length > 0 && (
        <Section title="Receipts">
          {paid.map((i) => (
            <Row key={i.number} badge={<Badge color="green">Paid</Badge>}>
              <Anchor href={i.link} fw={600}>
                {i.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                Invoice {i.number} · {formatCents(i.total_cents)}
              </Text>
            </Row>
          ))}
        </Section>
      )}
    </>
  );
}

function VisitRow({ visit, zone }: { visit: HubVisit; zone: string }) {
  const window = arrivalWindow(visit);
  return (
    <Row badge={<Badge color={visit.status === 'completed' ? 'green' : visit.status === 'scheduled' ? 'blue' : 'orange'}>{VISIT_STATUS_LABELS[visit.status]}</Badge>}>
      <Text fw={600}>{visitWhen(visit, zone)}</Text>
      {window && <Text size="sm">{window}</Text>}
      {visit.job_title && (
        <Text size="sm" c="dimmed">
          {visit.job_title}
        </Text>
      )}
    </Row>
  );
}

export function VisitsSection({ hub }: { hub: ClientHub }) {
  return (
    <>
      {hub.upcoming_visits.length > 0 && (
        <Section title="Upcoming visits">
          {hub.upcoming_visits.map((v) => (
            <VisitRow key={v.id} visit={v} zone={hub.time_zone} />
          ))}
        </Section>
      )}
      {hub.past_visits.length > 0 && (
        <Section title="Past visits">
          {hub.past_visits.map((v) => (
            <VisitRow key={v.id} visit={v} zone={hub.time_zone} />
          ))}
        </Section>
      )}
    </>
  );
}

/** Photos the contractor chose to share: each live gallery of the client's jobs opens on the gallery page. */
export function PhotosSection({ hub }: { hub: ClientHub }) {
  if (hub.galleries.length === 0) return null;
  return (
    <Section title="Shared photos">
      {hub.galleries.map((g) => (
        <Row key={g.link}>
          <Anchor href={g.link} fw={600}>
            {g.label || 'Photos'}
          </Anchor>
          <Text size="sm" c="dimmed">
            {g.photo_count === 1 ? '1 photo' : `${g.photo_count} photos`} · shared {dayInWords(localDate(new Date(g.shared_at), hub.time_zone))}
          </Text>
        </Row>
      ))}
    </Section>
  );
}

/**
 * Documents the contractor sent this client (by email or text): each downloads by the link its send made, listed
 * while that link lives — the page says until when, on the workspace's calendar.
 */
export function DocumentsSection({ hub }: { hub: ClientHub }) {
  if (hub.documents.length === 0) return null;
  const day = (iso: string) => dayInWords(localDate(new Date(iso), hub.time_zone));
  return (
    <Section title="Documents">
      {hub.documents.map((d) => (
        <Row key={d.link}>
          <Anchor href={d.link} fw={600} download aria-label={`Download ${d.label}: ${d.name}`}>
            {d.label}
          </Anchor>
          <Text size="sm" c="dimmed">
            {d.name}
          </Text>
          <Text size="sm" c="dimmed">
            Sent {day(d.shared_at)} · download until {day(d.link_expires_at)}
          </Text>
        </Row>
      ))}
    </Section>
  );
}

/** The contractor's name, phone and email: what they have of it. */
export function ContractorCard({ hub }: { hub: ClientHub }) {
  const { name, phone, email } = hub.contractor;
  return (
    <Section title={`Contact ${hub.company}`}>
      <Paper withBorder p="sm" radius="md">
        <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
          {name && <Text fw={600}>{name}</Text>}
          {phone && (
            <Anchor href={`tel:${phone}`} aria-label={`Call ${phone}`}>
              {phoneInWords(phone)}
            </Anchor>
          )}
          {email && <Anchor href={`mailto:${email}`}>{email}</Anchor>}
          {!name && !phone && !email && <Text size="sm">Reply to the message that brought you here.</Text>}
        </Stack>
      </Paper>
    </Section>
  );
}

import { Badge, Tooltip } from '@mantine/core';
import { ROUGH_DRAFT_LABEL, type Recording } from '@fieldbook/contract';

/** Whether the transcript's own confidence says most of it is likely wrong (unknown confidence is not). */
export function isRoughDraft(r: Pick<Recording, 'transcription_status' | 'transcript_confidence'>): boolean {
  return r.transcription_status === 'done' && r.transcript_confidence?.rough_draft === true;
}

/** The label of a mostly low-confidence transcript (e.g. the embedded engine on telephone-band audio). */
export function RoughDraftBadge() {
  return (
    <Tooltip label="The speech engine was unsure of most of this call: listen before relying on the transcript" multiline w={260} withArrow>
      {/* Wraps instead of being cut to "ROUGH DRAFT — LO…" in the narrow column of a 390 px screen. */}
      <Badge size="sm" variant="light" color="orange" data-testid="rough-draft" maw="100%" styles={{ root: { height: 'auto', minHeight: 'var(--badge-height)' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}>
        {ROUGH_DRAFT_LABEL}
      </Badge>
    </Tooltip>
  );
}

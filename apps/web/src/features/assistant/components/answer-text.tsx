import { UnstyledButton } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { splitCitations } from '../lib/citations';
import classes from './assistant.module.css';

/**
 * An answer's text with its line breaks, each "[n]" a small button that opens source n. The text may still be
 * arriving: it is re-split as it grows (an unfinished "[1" stays text until its "]" comes).
 */
export function AnswerText({ text, sourceCount, onCite }: { text: string; sourceCount: number; onCite: (index: number) => void }) {
  const segments = useMemo(() => splitCitations(text, sourceCount), [text, sourceCount]);
  return (
    <>
      {segments.map((s, i) =>
        s.kind === 'text' ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <UnstyledButton key={i} className={classes.cite} aria-label={`Open source ${s.n}`} onClick={() => onCite(s.n - 1)}>
            {s.n}
          </UnstyledButton>
        ),
      )}
    </>
  );
}

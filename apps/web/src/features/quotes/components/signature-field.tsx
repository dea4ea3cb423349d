import { Button, Group, Stack, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from '@fieldbook/contract';

/**
 * The pad's pixels per CSS pixel: the device's ratio, but never more than the server takes — a phone at a ratio of 5,
 * or a page zoomed out, would otherwise draw a signature the approval refuses as too large.
 */
export function padPixelRatio(cssWidth: number, cssHeight: number, deviceRatio: number): number {
  const fits = Math.min(MAX_SIGNATURE_WIDTH / Math.max(cssWidth, 1), MAX_SIGNATURE_HEIGHT / Math.max(cssHeight, 1));
  return Math.min(Math.max(deviceRatio || 1, 1), fits);
}

/**
 * Draw a signature with a finger or mouse (signature_pad). The canvas is sized to its box at the device's pixel ratio,
 * so strokes stay sharp on a phone; `onChange` gets the PNG data URL after each stroke, or null once cleared.
 */
export function SignatureField({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const el = canvas.current!;
    // No 2D canvas (a test's DOM): nothing to draw on.
    if (!el.getContext('2d')) return;
    const ratio = padPixelRatio(el.offsetWidth, el.offsetHeight, window.devicePixelRatio);
    el.width = Math.floor(el.offsetWidth * ratio);
    el.height = Math.floor(el.offsetHeight * ratio);
    el.getContext('2d')!.scale(ratio, ratio);
    const p = new SignaturePad(el, { penColor: '#1d2125', backgroundColor: 'rgba(255,255,255,0)' });
    p.addEventListener('endStroke', () => changed.current(p.isEmpty() ? null : p.toDataURL('image/png')));
    pad.current = p;
    return () => p.off();
  }, []);

  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Signature
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            pad.current?.clear();
            changed.current(null);
          }}
        >
          Clear
        </Button>
      </Group>
      <canvas
        ref={canvas}
        aria-label="Draw your signature here"
        data-testid="signature-pad"
        style={{ width: '100%', height: 160, border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: '#fff', touchAction: 'none' }}
      />
    </Stack>
  );
}

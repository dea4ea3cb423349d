import { Button, Group, Stack, Text } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';

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
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
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

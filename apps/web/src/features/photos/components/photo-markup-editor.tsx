import {
  MARKUP_COLOR_NAMES,
  MARKUP_COLORS,
  MARKUP_MAX_POINTS,
  MARKUP_MAX_SHAPES,
  MARKUP_TEXT_MAX,
  PutPhotoMarkupBodySchema,
  type MarkupColor,
  type MarkupPoint,
  type MarkupShape,
  type MarkupWidth,
  type Photo,
} from '@fieldbook/contract';
import { ActionIcon, Button, ColorSwatch, Group, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowUpRight, IconCircle, IconPencil, IconSquare, IconTrash, IconTypography } from '@tabler/icons-react';
import { useState, type PointerEvent } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { usePutPhotoMarkup } from '../api/photo-markup';
import { imageSrc, photoAlt } from '../lib/photo-labels';
import { PhotoMarkupOverlay } from './photo-markup-overlay';

type Tool = 'freehand' | 'arrow' | 'rect' | 'ellipse' | 'text';
const TOOLS: { tool: Tool; label: string; icon: typeof IconPencil }[] = [
  { tool: 'freehand', label: 'Draw', icon: IconPencil },
  { tool: 'arrow', label: 'Arrow', icon: IconArrowUpRight },
  { tool: 'rect', label: 'Rectangle', icon: IconSquare },
  { tool: 'ellipse', label: 'Circle', icon: IconCircle },
  { tool: 'text', label: 'Text', icon: IconTypography },
];
const COLOR_LABELS: Record<MarkupColor, string> = { red: 'Red', yellow: 'Yellow', green: 'Green', blue: 'Blue', white: 'White', black: 'Black' };
const WIDTH_LABELS: Record<MarkupWidth, string> = { thin: 'Thin', medium: 'Medium', thick: 'Thick' };
/** A freehand point closer than this (a fraction of the image) to the last one adds nothing but size. */
const MIN_STEP = 0.003;
/** A drag shorter than this is a slip, not an arrow or a box. */
const MIN_SIZE = 0.01;

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/**
 * The markup editor (issue 35): draw over the photo with a pointer — finger, pen or mouse — freehand strokes, arrows,
 * rectangles, circles and text, in a palette colour and width; Undo and Clear; Save sends the whole markup with the
 * version it was drawn on (a 409 says someone saved since, and keeps the drawing here). The drawing is the contract's
 * geometry in an SVG over the image, the same the server renders.
 */
export function PhotoMarkupEditor({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const [shapes, setShapes] = useState<MarkupShape[]>(photo.markup?.shapes ?? []);
  const [history, setHistory] = useState<MarkupShape[][]>([]);
  const [draft, setDraft] = useState<MarkupShape | null>(null);
  const [tool, setTool] = useState<Tool>('freehand');
  const [color, setColor] = useState<MarkupColor>('red');
  const [width, setWidth] = useState<MarkupWidth>('medium');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The image's size as displayed (the server's, else the browser's once loaded): the markup space's aspect.
  const [size, setSize] = useState({ width: photo.width ?? 4, height: photo.height ?? 3 });
  const save = usePutPhotoMarkup();

  const pointOf = (e: PointerEvent<SVGSVGElement>): MarkupPoint => {
    const box = e.currentTarget.getBoundingClientRect();
    return [round((e.clientX - box.left) / (box.width || 1)), round((e.clientY - box.top) / (box.height || 1))];
  };
  const commit = (next: MarkupShape[]) => {
    setHistory((h) => [...h, shapes]);
    setShapes(next);
    setProblem(null);
  };
  const isFull = shapes.length >= MARKUP_MAX_SHAPES;

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (isFull) return setProblem(`At most ${MARKUP_MAX_SHAPES} shapes on a photo: undo or clear some first`);
    const at = pointOf(e);
    if (tool === 'text') {
      const words = text.trim();
      if (!words) return setProblem('Type the text first, then tap where it goes');
      commit([...shapes, { type: 'text', at, text: words, color, width }]);
      return setText('');
    }
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already-ended pointer: drawing still follows it over the canvas.
    }
    setDraft(tool === 'freehand' ? { type: 'freehand', points: [at], color, width } : { type: tool, from: at, to: at, color, width });
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const at = pointOf(e);
    if (draft.type === 'freehand') {
      const last = draft.points[draft.points.length - 1]!;
      if (draft.points.length >= MARKUP_MAX_POINTS || Math.hypot(at[0] - last[0], at[1] - last[1]) < MIN_STEP) return;
      setDraft({ ...draft, points: [...draft.points, at] });
    } else if (draft.type !== 'text') {
      setDraft({ ...draft, to: at });
    }
  };
  const onPointerUp = () => {
    if (!draft) return;
    setDraft(null);
    if (draft.type !== 'freehand' && draft.type !== 'text' && Math.hypot(draft.to[0] - draft.from[0], draft.to[1] - draft.from[1]) < MIN_SIZE) return;
    commit([...shapes, draft]);
  };

  const undo = () => {
    setShapes(history[history.length - 1] ?? []);
    setHistory((h) => h.slice(0, -1));
  };
  const submit = () => {
    const body = { version: photo.markup?.version ?? 0, shapes };
    // The server's own check (the contract's schema), with its messages, before the request.
    const checked = PutPhotoMarkupBodySchema.safeParse(body);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the markup');
    save.mutate(
      { id: photo.id, body },
      {
        onSuccess: () => {
          toast.success('Markup saved');
          onDone();
        },
        onError: (err) => setProblem(errorReason(err)),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap={6} wrap="wrap" role="toolbar" aria-label="Markup tools">
        {TOOLS.map(({ tool: t, label, icon: Icon }) => (
          <Tooltip key={t} label={label}>
            <ActionIcon size="xl" variant={tool === t ? 'filled' : 'default'} aria-label={label} aria-pressed={tool === t} onClick={() => setTool(t)}>
              <Icon size={20} />
            </ActionIcon>
          </Tooltip>
        ))}
        <Tooltip label="Undo">
          <ActionIcon size="xl" variant="default" aria-label="Undo" onClick={undo} disabled={history.length === 0}>
            <IconArrowBackUp size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Clear">
          <ActionIcon size="xl" variant="default" aria-label="Clear" onClick={() => commit([])} disabled={shapes.length === 0}>
            <IconTrash size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap={6} wrap="wrap" justify="space-between">
        <Group gap={6} role="radiogroup" aria-label="Colour">
          {MARKUP_COLOR_NAMES.map((c) => (
            <ColorSwatch
              key={c}
              component="button"
              type="button"
              role="radio"
              aria-checked={color === c}
              aria-label={COLOR_LABELS[c]}
              color={MARKUP_COLORS[c]}
              size={34}
              onClick={() => setColor(c)}
              style={{ cursor: 'pointer', outline: color === c ? '2px solid var(--mantine-color-fieldbook-6)' : undefined, outlineOffset: 2 }}
            />
          ))}
        </Group>
        <SegmentedControl size="sm" aria-label="Width" value={width} onChange={(v) => setWidth(v as MarkupWidth)} data={Object.entries(WIDTH_LABELS).map(([value, label]) => ({ value, label }))} />
      </Group>
      {tool === 'text' && <TextInput label="Text" description="Then tap the photo where it goes" value={text} maxLength={MARKUP_TEXT_MAX} onChange={(e) => setText(e.currentTarget.value)} />}
      <div style={{ position: 'relative', alignSelf: 'center', maxWidth: '100%', lineHeight: 0 }}>
        <img
          src={imageSrc(photo.original_url)}
          alt={photoAlt(photo)}
          draggable={false}
          onLoad={(e) => e.currentTarget.naturalWidth > 0 && setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          style={{ display: 'block', maxWidth: '100%', maxHeight: '60dvh', userSelect: 'none' }}
        />
        <PhotoMarkupOverlay
          shapes={draft ? [...shapes, draft] : shapes}
          width={size.width}
          height={size.height}
          label="Markup canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
        />
      </div>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save markup
        </Button>
      </Group>
    </Stack>
  );
}

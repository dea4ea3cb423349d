import { getStroke } from 'perfect-freehand';
import { MARKUP_COLORS, MARKUP_WIDTHS, type MarkupPoint, type MarkupShape } from './photos';

/**
 * A photo's markup as drawing instructions — the one place its geometry is computed, used by the web's editor and
 * viewer (SVG) and by the server's rendering (@napi-rs/canvas, Path2D from the same path strings), so a stroke lands
 * on the same pixels in both. Everything is computed in a fixed space whose long edge is MARKUP_SPACE units (the
 * image's aspect kept): perfect-freehand's smoothing depends on distances, so it must not see the screen's or the
 * file's pixels. The drawer scales that space onto its image.
 */
export const MARKUP_SPACE = 1000;

export type MarkupDrawing =
  | { kind: 'stroke'; path: string; color: string; lineWidth: number }
  | { kind: 'fill'; path: string; color: string }
  /** Text from its baseline's left end (x, y), filled with `color` over a `halo` outline of haloWidth. */
  | { kind: 'text'; x: number; y: number; text: string; fontSize: number; color: string; halo: string; haloWidth: number };

/** The drawing space of an image of width × height pixels: MARKUP_SPACE on its long edge. */
export function markupSpace(width: number, height: number): { width: number; height: number } {
  const scale = MARKUP_SPACE / Math.max(width, height, 1);
  return { width: width * scale, height: height * scale };
}

/** The font size of text for a width step: a multiple of its stroke width, so "thick" text reads from across a report page. */
const TEXT_SIZE_PER_WIDTH = 5;
/** The font the server draws with (registered in the child from dejavu-fonts-ttf); the web falls back to sans-serif. */
export const MARKUP_FONT_FAMILY = 'DejaVu Sans';

const r = (n: number) => Math.round(n * 100) / 100;
const average = (a: number, b: number) => (a + b) / 2;

/** perfect-freehand's outline polygon as a closed SVG path of quadratic curves (its README's getSvgPathFromStroke). */
function outlinePath(outline: number[][]): string {
  if (outline.length < 4) return '';
  const p = (i: number) => outline[i] as [number, number];
  let path = `M${r(p(0)[0])},${r(p(0)[1])} Q${r(p(1)[0])},${r(p(1)[1])} ${r(average(p(1)[0], p(2)[0]))},${r(average(p(1)[1], p(2)[1]))} T`;
  for (let i = 2; i < outline.length - 1; i++) path += `${r(average(p(i)[0], p(i + 1)[0]))},${r(average(p(i)[1], p(i + 1)[1]))} `;
  return `${path}Z`;
}

const circlePath = (x: number, y: number, radius: number) => `M${r(x - radius)},${r(y)} A${r(radius)},${r(radius)} 0 1 0 ${r(x + radius)},${r(y)} A${r(radius)},${r(radius)} 0 1 0 ${r(x - radius)},${r(y)} Z`;

/** A light colour gets a dark halo and a dark one a light halo, so text reads on any photo. */
const haloOf = (color: keyof typeof MARKUP_COLORS) => (color === 'white' || color === 'yellow' ? '#000000' : '#ffffff');

/** The drawing instructions of `shapes` over an image of `space` (markupSpace of its size), in their order. */
export function markupDrawings(shapes: readonly MarkupShape[], space: { width: number; height: number }): MarkupDrawing[] {
  const at = ([x, y]: MarkupPoint): [number, number] => [x * space.width, y * space.height];
  return shapes.map((shape): MarkupDrawing => {
    const color = MARKUP_COLORS[shape.color];
    const lineWidth = MARKUP_WIDTHS[shape.width] * MARKUP_SPACE;
    switch (shape.type) {
      case 'freehand': {
        const points = shape.points.map(at);
        const outline = getStroke(points, { size: lineWidth * 1.5, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true, last: true });
        const path = outlinePath(outline);
        // A tap: a dot of the stroke's width.
        return { kind: 'fill', path: path || circlePath(points[0]![0], points[0]![1], lineWidth), color };
      }
      case 'rect': {
        const [x1, y1] = at(shape.from);
        const [x2, y2] = at(shape.to);
        return { kind: 'stroke', path: `M${r(x1)},${r(y1)} L${r(x2)},${r(y1)} L${r(x2)},${r(y2)} L${r(x1)},${r(y2)} Z`, color, lineWidth };
      }
      case 'ellipse': {
        const [x1, y1] = at(shape.from);
        const [x2, y2] = at(shape.to);
        const rx = Math.max(Math.abs(x2 - x1) / 2, 0.01);
        const ry = Math.max(Math.abs(y2 - y1) / 2, 0.01);
        const cx = (x1 + x2) / 2;
        const cy = (y1 + y2) / 2;
        return { kind: 'stroke', path: `M${r(cx - rx)},${r(cy)} A${r(rx)},${r(ry)} 0 1 0 ${r(cx + rx)},${r(cy)} A${r(rx)},${r(ry)} 0 1 0 ${r(cx - rx)},${r(cy)} Z`, color, lineWidth };
      }
      case 'arrow': {
        const [x1, y1] = at(shape.from);
        const [x2, y2] = at(shape.to);
        const angle = Math.atan2(y2 - y1, x2 - x1);
        // The head: a few stroke widths long, never longer than half the arrow.
        const head = Math.min(lineWidth * 4 + 12, Math.hypot(x2 - x1, y2 - y1) / 2);
        const wing = (turn: number) => `${r(x2 - head * Math.cos(angle + turn))},${r(y2 - head * Math.sin(angle + turn))}`;
        return { kind: 'stroke', path: `M${r(x1)},${r(y1)} L${r(x2)},${r(y2)} M${wing(Math.PI / 6)} L${r(x2)},${r(y2)} L${wing(-Math.PI / 6)}`, color, lineWidth };
      }
      case 'text': {
        const [x, y] = at(shape.at);
        const fontSize = lineWidth * TEXT_SIZE_PER_WIDTH;
        return { kind: 'text', x: r(x), y: r(y + fontSize * 0.8), text: shape.text, fontSize: r(fontSize), color, halo: haloOf(shape.color), haloWidth: r(fontSize * 0.15) };
      }
    }
  });
}

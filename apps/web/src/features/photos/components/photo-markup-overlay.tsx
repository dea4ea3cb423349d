import { MARKUP_FONT_FAMILY, markupDrawings, markupSpace, type MarkupShape } from '@fieldbook/contract';
import type { PointerEventHandler } from 'react';

/**
 * A photo's markup as an SVG laid over its image (same box): the contract's markupDrawings — the geometry the server
 * renders with —, in the markup space of an image of width × height. Pointer handlers make it the editor's canvas.
 */
export function PhotoMarkupOverlay({
  shapes,
  width,
  height,
  label,
  onPointerDown,
  onPointerMove,
  onPointerUp,
}: {
  shapes: readonly MarkupShape[];
  width: number;
  height: number;
  label?: string;
  onPointerDown?: PointerEventHandler<SVGSVGElement>;
  onPointerMove?: PointerEventHandler<SVGSVGElement>;
  onPointerUp?: PointerEventHandler<SVGSVGElement>;
}) {
  const space = markupSpace(width, height);
  const isCanvas = Boolean(onPointerDown);
  return (
    <svg
      viewBox={`0 0 ${space.width} ${space.height}`}
      preserveAspectRatio="none"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid="photo-markup"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: isCanvas ? 'none' : undefined, pointerEvents: isCanvas ? 'auto' : 'none', cursor: isCanvas ? 'crosshair' : undefined }}
    >
      {markupDrawings(shapes, space).map((d, i) =>
        d.kind === 'stroke' ? (
          <path key={i} d={d.path} fill="none" stroke={d.color} strokeWidth={d.lineWidth} strokeLinecap="round" strokeLinejoin="round" />
        ) : d.kind === 'fill' ? (
          <path key={i} d={d.path} fill={d.color} />
        ) : (
          <text key={i} x={d.x} y={d.y} fontSize={d.fontSize} fontFamily={`"${MARKUP_FONT_FAMILY}", sans-serif`} fill={d.color} stroke={d.halo} strokeWidth={d.haloWidth} paintOrder="stroke" strokeLinejoin="round">
            {d.text}
          </text>
        ),
      )}
    </svg>
  );
}

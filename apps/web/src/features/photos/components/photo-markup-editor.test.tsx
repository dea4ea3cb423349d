import { MARKUP_STALE, photoEndpoints, type MarkupShape, type Photo } from '@fieldbook/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { fakePhotoApi, JOB_ID, makePhoto, phoneLayout } from './photo-fixtures';
import { JobPhotos } from './job-photos';
import { PhotoViewer } from './photo-viewer';

let api: FakeApi;
let restoreLayout: () => void;
let restoreRect: () => void;
beforeEach(() => {
  api = fakeApi();
  restoreLayout = phoneLayout();
  // happy-dom lays nothing out: the canvas is 390 × 292.5 px at the page's top left, as on a phone.
  const saved = SVGElement.prototype.getBoundingClientRect;
  SVGElement.prototype.getBoundingClientRect = () => ({ left: 0, top: 0, width: 390, height: 292.5, right: 390, bottom: 292.5, x: 0, y: 0, toJSON: () => ({}) });
  restoreRect = () => {
    SVGElement.prototype.getBoundingClientRect = saved;
  };
});
afterEach(() => {
  restoreRect();
  restoreLayout();
  expect(api.problems).toEqual([]);
});

const photo = makePhoto(1, { caption: 'Ridge' });
const saved = (shapes: MarkupShape[], version: number): Photo => ({
  ...photo,
  markup: { version, shapes, updated_by: null, updated_at: '2026-03-14T16:00:00.000Z', render_status: 'rendering', render_error: null, rendered_url: null, rendered_thumbnail_url: null },
});

/** The viewer alone (the job's panel around it is its own tests'). */
const viewer = () => renderWithProviders(<PhotoViewer photoId={photo.id} timeZone="America/Chicago" meId={null} isWorkspaceAdmin={false} onClose={() => undefined} />);

async function openEditor() {
  viewer();
  const dialog = await screen.findByRole('dialog', { name: 'Photo' });
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark up' }));
  return { dialog, canvas: within(dialog).getByRole('img', { name: 'Markup canvas' }) };
}

/** A drag on the canvas with the pointer (a finger on a phone): down, the moves, up. */
function drag(canvas: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: first![0], clientY: first![1] });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { pointerId: 1, clientX: x, clientY: y });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: rest.at(-1)![0], clientY: rest.at(-1)![1] });
}

// Pointer drags and a dialog's re-renders: seconds each on a busy machine (22 s seen at load 15).
describe('the markup editor', { timeout: 60_000 }, () => {
  it('draws a freehand stroke and a blue arrow with the pointer (a tap with the rectangle adds nothing), saves them with version 0; the viewer then shows the markup, the switch the original', async () => {
    fakePhotoApi(api, [photo])
      .on(photoEndpoints.get, photo)
      .on(photoEndpoints.putMarkup, ({ body }) => saved(body.shapes, 1));
    const { dialog, canvas } = await openEditor();

    drag(canvas, [[39, 146.25], [117, 146.25], [195, 146.25], [273, 146.25]]);
    expect(canvas.querySelectorAll('path')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Arrow' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Blue' }));
    drag(canvas, [[39, 29.25], [195, 146.25]]);
    // A tap with the rectangle tool is a slip, not a box: nothing added.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rectangle' }));
    drag(canvas, [[100, 100], [101, 100]]);
    expect(canvas.querySelectorAll('path')).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save markup' }));
    await waitFor(() => expect(api.calls(photoEndpoints.putMarkup)).toHaveLength(1));
    const call = api.calls(photoEndpoints.putMarkup)[0]!;
    expect(call.params.id).toBe(photo.id);
    expect(call.body).toEqual({
      version: 0,
      shapes: [
        { type: 'freehand', color: 'red', width: 'medium', points: [[0.1, 0.5], [0.3, 0.5], [0.5, 0.5], [0.7, 0.5]] },
        { type: 'arrow', color: 'blue', width: 'medium', from: [0.1, 0.1], to: [0.5, 0.5] },
      ],
    });
    // Back in the viewer: the markup over the photo, and a switch to see the original alone.
    const markup = await within(dialog).findByRole('img', { name: 'Markup' });
    expect(markup.querySelectorAll('path')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Show markup' }));
    expect(within(dialog).queryByRole('img', { name: 'Markup' })).toBeNull();
  });

  it('a stale save shows the server’s reason and keeps the drawing; Undo and Cancel', async () => {
    const marked = saved([{ type: 'rect', color: 'yellow', width: 'thick', from: [0.2, 0.2], to: [0.6, 0.6] }], 3);
    fakePhotoApi(api, [marked])
      .on(photoEndpoints.get, marked)
      .on(photoEndpoints.putMarkup, () => apiError(409, 'CONFLICT', MARKUP_STALE));
    viewer();
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark up' }));
    const canvas = within(dialog).getByRole('img', { name: 'Markup canvas' });
    expect(canvas.querySelectorAll('path')).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Circle' }));
    drag(canvas, [[50, 50], [150, 120]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(canvas.querySelectorAll('path')).toHaveLength(1);
    drag(canvas, [[50, 50], [150, 120]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save markup' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', MARKUP_STALE);
    expect(api.calls(photoEndpoints.putMarkup)[0]!.body.version).toBe(3);
    expect(canvas.querySelectorAll('path')).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(dialog).findByRole('button', { name: 'Mark up' })).toBeTruthy();
  });

  it('the grid shows the server’s marked-up thumbnail once it is rendered, the plain thumbnail before', async () => {
    const rendered: Photo = { ...saved([{ type: 'arrow', color: 'red', width: 'thin', from: [0, 0], to: [1, 1] }], 2), markup: { ...saved([], 2).markup!, shapes: [{ type: 'arrow', color: 'red', width: 'thin', from: [0, 0], to: [1, 1] }], render_status: 'ready', rendered_url: '/api/photo-images/marked/m1?v=2', rendered_thumbnail_url: '/api/photo-images/marked_thumbnail/m1?v=2' } };
    const rendering = { ...makePhoto(2), markup: saved([{ type: 'arrow', color: 'red', width: 'thin', from: [0, 0], to: [1, 1] }], 1).markup };
    fakePhotoApi(api, [rendered, rendering]);
    renderWithProviders(<JobPhotos jobId={JOB_ID} />);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumb')).toHaveLength(2));
    const sources = screen.getAllByTestId('photo-thumb').map((t) => t.querySelector('img')!.getAttribute('src'));
    expect(sources).toEqual(['/api/photo-images/marked_thumbnail/m1?v=2', '/api/photo-images/thumbnail/t2']);
  });
});

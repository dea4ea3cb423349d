import { PHOTO_STAGES, type PhotoStage, type PhotoTimeSource } from '@fieldbook/contract';
import { PDF_FONT, startLetterPdf } from '../../platform/pdf-document';

export const REPORT_STAGE_LABELS: Record<PhotoStage, string> = { before: 'Before', during: 'During', after: 'After', issue: 'Issue', receipt: 'Receipt' };

/** One photo as the report prints it. `image` reads its JPEG when its turn comes (one at a time: memory stays flat). */
export type ReportPhoto = {
  id: string;
  stage: PhotoStage;
  caption: string;
  takenAt: Date;
  takenAtSource: PhotoTimeSource;
  latitude: number | null;
  longitude: number | null;
  author: string | null;
  tags: string[];
  /** The picture is the photo's markup drawn over it. */
  isMarked: boolean;
  /** A JPEG we wrote (the thumbnail child's), or null with `missing` saying why there is no picture. */
  image: () => Promise<Buffer | null>;
  missing: string | null;
};

export type PhotoReportFacts = {
  title: string;
  company: string;
  preparedBy: string | null;
  createdAt: Date;
  /** The workspace's zone: every time in the report is read there. */
  timeZone: string;
  job: { title: string; clientName: string | null; propertyAddress: string | null; claimNumber: string | null };
  photos: ReportPhoto[];
};

const MARGIN = 54;
const INK = '#1d2125';
const MUTED = '#5c636a';
const RULE = '#ced4da';
const ACCENT = '#1c7ed6';
const IMAGE_W = 250;
const IMAGE_H = 188;
const ROW_H = IMAGE_H + 16;

/** "Mar 14, 2026, 9:26 AM CDT": a wall-clock time in the workspace's zone, as the web's grid shows it, with the zone. */
export function reportTime(instant: Date, timeZone: string): string {
  return instant.toLocaleString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

export const reportPlace = (p: Pick<ReportPhoto, 'latitude' | 'longitude'>) => (p.latitude === null || p.longitude === null ? 'Not recorded' : `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`);

/** The photos in print order: by stage (before, during, after, issue, receipt), each stage oldest taken first. */
export function byStage(list: ReportPhoto[]): [PhotoStage, ReportPhoto[]][] {
  return PHOTO_STAGES.map((stage) => [stage, list.filter((p) => p.stage === stage).sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || (a.id < b.id ? -1 : 1))] as [PhotoStage, ReportPhoto[]]).filter(([, l]) => l.length > 0);
}

/** The cover's facts as lines (also the start of the document's extracted text). */
function coverLines(f: PhotoReportFacts): [string, string][] {
  return [
    ['Job', f.job.title],
    ['Client', f.job.clientName ?? '—'],
    ['Property address', f.job.propertyAddress ?? '—'],
    ['Claim number', f.job.claimNumber ?? '—'],
    ['Prepared by', f.preparedBy ? `${f.preparedBy}, ${f.company}` : f.company],
    ['Date', reportTime(f.createdAt, f.timeZone)],
    ['Photos', `${f.photos.length} (${byStage(f.photos).map(([s, l]) => `${REPORT_STAGE_LABELS[s]} ${l.length}`).join(', ')})`],
  ];
}

/** Everything the report says, as plain text: the document's extracted text (search and the assistant read it). */
export function photoReportText(f: PhotoReportFacts): string {
  const lines = [`PHOTO REPORT ${f.title}`, f.company, ...coverLines(f).map(([k, v]) => `${k}: ${v}`)];
  for (const [stage, list] of byStage(f.photos)) {
    lines.push(`${REPORT_STAGE_LABELS[stage]} (${list.length})`);
    for (const p of list) lines.push(`${p.caption || 'No caption'} — ${reportTime(p.takenAt, f.timeZone)} — ${reportPlace(p)} — ${p.author ?? 'Unknown'}`);
  }
  return lines.join('\n');
}

/**
 * The photo report (issue 35): a cover with the job, client, address and claim number, then the photos grouped by
 * stage, each with its caption, time taken (the workspace's zone), place and author. Drawn with the embedded Unicode
 * font (platform/pdf-document), so any name prints. Images are JPEGs we wrote in the bounded child: pdfkit copies a
 * JPEG's bytes into the file without decoding them, one photo's at a time.
 */
export async function writePhotoReportPdf(f: PhotoReportFacts): Promise<Buffer> {
  const { doc, width, finish } = startLetterPdf({ title: f.title, author: f.company, margin: MARGIN, footerColor: MUTED });
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // Cover
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(INK).text(f.company, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font(PDF_FONT.bold).fontSize(18).fillColor(ACCENT).text('PHOTO REPORT', MARGIN, MARGIN, { width, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 40) + 8;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y = y + 16;
  doc.font(PDF_FONT.bold).fontSize(15).fillColor(INK).text(f.title, MARGIN, doc.y, { width });
  doc.moveDown(0.8);
  for (const [label, value] of coverLines(f)) {
    const top = doc.y;
    doc.font(PDF_FONT.bold).fontSize(11).fillColor(INK).text(label, MARGIN, top, { width: 140 });
    doc.font(PDF_FONT.regular).fontSize(11).text(value, MARGIN + 150, top, { width: width - 150 });
    doc.y = Math.max(doc.y, top + 14) + 6;
  }

  // Photos, by stage
  for (const [stage, list] of byStage(f.photos)) {
    doc.addPage();
    doc.font(PDF_FONT.bold).fontSize(15).fillColor(ACCENT).text(`${REPORT_STAGE_LABELS[stage]} (${list.length})`, MARGIN, MARGIN, { width });
    y = doc.y + 4;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.7).strokeColor(RULE).stroke();
    y += 10;
    for (const p of list) {
      if (y + ROW_H > bottom()) {
        doc.addPage();
        y = MARGIN;
      }
      const image = await p.image();
      if (image) {
        doc.image(image, MARGIN, y, { fit: [IMAGE_W, IMAGE_H], align: 'center', valign: 'center' });
      } else {
        doc.rect(MARGIN, y, IMAGE_W, IMAGE_H).lineWidth(0.5).strokeColor(RULE).stroke();
        doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(p.missing ?? 'No image', MARGIN + 10, y + IMAGE_H / 2 - 10, { width: IMAGE_W - 20, align: 'center' });
      }
      const x = MARGIN + IMAGE_W + 14;
      const textWidth = width - IMAGE_W - 14;
      doc.font(PDF_FONT.bold).fontSize(11).fillColor(INK).text(p.caption || 'No caption', x, y, { width: textWidth, height: IMAGE_H - 70, ellipsis: true });
      doc.moveDown(0.4);
      const facts: [string, string][] = [
        ['Taken', `${reportTime(p.takenAt, f.timeZone)}${p.takenAtSource === 'upload' ? ' (uploaded; no camera time)' : ''}`],
        ['Place', reportPlace(p)],
        ['By', p.author ?? 'Unknown'],
        ...(p.isMarked ? ([['Picture', 'with markup']] as [string, string][]) : []),
        ...(p.tags.length ? ([['Tags', p.tags.join(', ')]] as [string, string][]) : []),
      ];
      for (const [label, value] of facts) doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`${label}: `, x, doc.y, { width: textWidth, continued: true }).fillColor(INK).text(value);
      y += ROW_H;
      doc.moveTo(MARGIN, y - 8).lineTo(MARGIN + width, y - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    }
  }
  return finish(`${f.title} · ${f.company}`);
}

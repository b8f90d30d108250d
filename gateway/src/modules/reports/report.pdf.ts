import PDFDocument from 'pdfkit';

export interface PdfFigure {
  label: string;
  now: number;
  before: number;
  text: string;
  beforeText: string;
  change: string;
}

/**
 * The report's PDF summary (docs/operations.md#scheduled-reports): the headline figures of the period beside the
 * period before, and a bar chart per figure drawn as vector shapes from the same numbers as the mail.
 */
export function reportPdf(title: string, subtitle: string, figures: PdfFigure[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Producer: 'Infinitum' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor('#0b3954').fontSize(20).text(title);
  doc.moveDown(0.3).fillColor('#444444').fontSize(11).text(subtitle);
  doc.moveDown(1);

  // The figures: label, this period, the period before, change.
  const left = 50;
  const cols = [left, 210, 330, 450];
  let y = doc.y;
  doc.fontSize(10).fillColor('#666666');
  ['Figure', 'This period', 'Period before', 'Change'].forEach((h, i) => doc.text(h, cols[i], y, { lineBreak: false }));
  y += 18;
  doc.fillColor('#111111');
  for (const f of figures) {
    [f.label, f.text, f.beforeText, f.change].forEach((v, i) => doc.text(v, cols[i], y, { lineBreak: false }));
    y += 16;
  }

  // One pair of bars per figure (this period dark, the period before light), each scaled to its own pair.
  y += 24;
  doc.fontSize(12).fillColor('#0b3954').text('This period against the period before', left, y);
  y += 22;
  const barMax = 300;
  for (const f of figures) {
    const max = Math.max(f.now, f.before, 1e-9);
    doc.fontSize(9).fillColor('#333333').text(f.label, left, y, { width: 140, lineBreak: false });
    doc.rect(200, y, Math.max(1, (f.now / max) * barMax), 8).fill('#0b3954');
    doc.rect(200, y + 10, Math.max(1, (f.before / max) * barMax), 8).fill('#9cc3d5');
    y += 28;
  }
  doc.end();
  return done;
}

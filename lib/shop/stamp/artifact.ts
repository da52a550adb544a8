import { PDFOperator, PDFOperatorNames, PDFName, endMarkedContent, type PDFPage } from 'pdf-lib';

/**
 * Draws on a page of a tagged book as a pagination artifact (a running footer): the book's
 * structure tree has no place for the buyer's stamp, and content outside it that is not marked
 * as an artifact leaves the copy's tagging incomplete; screen readers skip artifacts.
 */
export function drawAsArtifact(page: PDFPage, draw: () => void): void {
  page.pushOperators(
    PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
      PDFName.of('Artifact'),
      '<< /Type /Pagination /Subtype /Footer >>',
    ]),
  );
  draw();
  page.pushOperators(endMarkedContent());
}

/** The documents feature's public entry: the Document Manager and a document's page. */
export { DocumentDetailScreen } from './components/document-detail-screen';
export { DocumentsScreen } from './components/documents-screen';

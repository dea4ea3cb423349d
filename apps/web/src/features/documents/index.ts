/** The documents feature's public entry: the Document Manager, a document's page, and the jobs dashboard's modals. */
export { DocumentDetailScreen } from './components/document-detail-screen';
export { DocumentsScreen } from './components/documents-screen';
export { DocumentDetailsModal } from './components/document-details-modal';
export { SendModal, type SendTarget } from './components/send-modal';

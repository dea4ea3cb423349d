/** The work-requests feature's public entry (app/ and other features import only from here). */
// The office's list (/requests, /requests/:requestId) and the public page (/r/:token).
export { RequestsScreen } from './components/requests-screen';
export { PublicRequestScreen } from './components/public-request-screen';
// The client hub's "Request work" (features/client-hub): the same form, with the hub's own submit function; after
// its endpoint answers (a WorkRequestReceipt), uploadRequestPhotos sends the photos by the receipt's token.
export { RequestWorkForm, type RequestWorkValues } from './components/request-work-form';
export { uploadRequestPhotos } from './api/upload-request-photos';

/** The work-requests feature's public entry (app/ and other features import only from here). */
// The office's list (/requests, /requests/:requestId) and the public page (/r/:token).
export { RequestsScreen } from './components/requests-screen';
export { PublicRequestScreen } from './components/public-request-screen';
// The workspace's Request work link (copy, HTML snippet, Reset for admins): on /requests; ready for the Settings modal too.
export { RequestLinkPanel } from './components/request-link-panel';
// The client hub's "Request work" (features/client-hub): the form ready to place with the hub's token
// (HubRequestWorkForm), or the form itself with a submit function of the hub's own (RequestWorkForm, withContact false)
// and the two calls it would make — sendHubRequest (POST /api/public/hub/:token/work-requests), then uploadRequestPhotos.
export { HubRequestWorkForm } from './components/hub-request-work-form';
export { RequestWorkForm, type RequestWorkValues } from './components/request-work-form';
export { sendHubRequest } from './api/send-hub-request';
export { uploadRequestPhotos } from './api/upload-request-photos';

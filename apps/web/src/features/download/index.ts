/** The download feature's public entry: the public /download page (spec 002). */
export { DownloadScreen } from './components/download-screen';

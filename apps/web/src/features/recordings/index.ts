/** The recordings feature's public entry: the Recordings page. */
export { RecordingsScreen } from './components/recordings-screen';

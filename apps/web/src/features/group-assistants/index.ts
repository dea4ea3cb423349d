/** The group assistants feature's public entry: the administration screen and the training examples page (admin). */
export { GroupAssistantsScreen } from './components/group-assistants-screen';
export { TrainingExamplesScreen } from './components/training-examples-screen';

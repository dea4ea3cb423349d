// Runs before every web test file. Vitest globals are off, so Testing Library cannot register its own
// cleanup: unmount rendered trees after each test here.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

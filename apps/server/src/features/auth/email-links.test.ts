import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { safeRedirect } from './email-links';

const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.fieldbook.example' });
const localSite = loadConfig({ NODE_ENV: 'production', PORT: '3000' });

describe('safeRedirect', () => {
  it('falls back to /login and /reset-password on the site', () => {
    expect(safeRedirect(production, undefined, 'confirmation')).toBe('https://app.fieldbook.example/login');
    expect(safeRedirect(production, '', 'recovery')).toBe('https://app.fieldbook.example/reset-password');
  });

  it('keeps paths on our own origin, relative ones included, without any fragment', () => {
    expect(safeRedirect(production, 'https://app.fieldbook.example/welcome?x=1#old', 'confirmation')).toBe('https://app.fieldbook.example/welcome?x=1');
    expect(safeRedirect(production, '/login?redirect=%2Fjobs', 'confirmation')).toBe('https://app.fieldbook.example/login?redirect=%2Fjobs');
  });

  it('refuses other origins, schemes and localhost in production', () => {
    for (const bad of ['https://evil.example/login', 'javascript:alert(1)', '//evil.example/x', 'http://localhost:5173/login', 'not a url at all::']) {
      const result = safeRedirect(production, bad, 'confirmation');
      expect(result.startsWith('https://app.fieldbook.example/'), bad).toBe(true);
    }
  });

  it('accepts the Vite dev server when the site itself runs on localhost', () => {
    expect(safeRedirect(localSite, 'http://localhost:5173/login', 'confirmation')).toBe('http://localhost:5173/login');
    expect(safeRedirect(localSite, 'https://evil.example/', 'confirmation')).toBe('http://localhost:3000/login');
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config';

describe('speech to text configuration (STT_*, defaulting to LLM_*)', () => {
  it('without either base URL transcription is embedded (pocketsphinx)', () => {
    expect(loadConfig({}).stt).toBeNull();
    expect(loadConfig({ LLM_TRANSCRIPTION_MODEL: 'whisper-large', STT_MODEL: 'x' }).stt).toBeNull();
  });

  it('defaults to LLM_BASE_URL, LLM_API_KEY and LLM_TRANSCRIPTION_MODEL (whisper-1): configurations from before STT_* keep working', () => {
    expect(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1/', LLM_API_KEY: 'sk-chat' }).stt).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-chat', model: 'whisper-1' });
    expect(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_TRANSCRIPTION_MODEL: 'gpt-4o-transcribe' }).stt).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: null, model: 'gpt-4o-transcribe' });
  });

  it('STT_BASE_URL, STT_API_KEY and STT_MODEL send transcription elsewhere while chat stays at LLM_BASE_URL', () => {
    const config = loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-chat', STT_BASE_URL: 'http://whisper.internal:8000/v1/', STT_API_KEY: 'stt-key', STT_MODEL: 'Systran/faster-whisper-small' });
    expect(config.stt).toEqual({ baseUrl: 'http://whisper.internal:8000/v1', apiKey: 'stt-key', model: 'Systran/faster-whisper-small' });
    expect(config.llm).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-chat' });
    // Transcription only, no chat API: the assistant stays extractive.
    expect(loadConfig({ STT_BASE_URL: 'http://whisper.internal:8000/v1' })).toMatchObject({ llm: null, stt: { baseUrl: 'http://whisper.internal:8000/v1', apiKey: null, model: 'whisper-1' } });
  });

  it('the chat provider’s key is not sent to a different STT_BASE_URL without its own STT_API_KEY', () => {
    expect(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-chat', STT_BASE_URL: 'http://whisper.internal:8000/v1' }).stt?.apiKey).toBeNull();
    expect(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1', LLM_API_KEY: 'sk-chat', STT_BASE_URL: 'https://api.openai.com/v1/' }).stt?.apiKey).toBe('sk-chat');
  });

  it('refuses an STT_BASE_URL that is not an http(s) URL', () => {
    expect(() => loadConfig({ STT_BASE_URL: 'whisper.internal' })).toThrow('STT_BASE_URL: must be an absolute http(s) URL');
  });
});

describe('the development mailbox (DEV_MAILBOX)', () => {
  it('is on by default with the embedded database and no SMTP_URL on a loopback HOST, and the start says so', () => {
    for (const HOST of [undefined, '127.0.0.1', 'localhost', '::1', '127.0.1.1']) {
      const config = loadConfig(HOST ? { HOST } : {});
      expect(config.devMailbox, String(HOST)).toBe(true);
      expect(startupWarnings(config).join('\n'), String(HOST)).toMatch(/development mailbox .*\/dev\/mailbox.*without signing in/);
    }
  });

  it('refuses to start when it would be on by default on a HOST that is not loopback', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'fieldbook.example.com']) {
      expect(() => loadConfig({ HOST }), HOST).toThrow(/DEV_MAILBOX.*HOST=.*not a loopback address/s);
    }
  });

  it('on a public HOST only when DEV_MAILBOX=true is set explicitly, with the warning', () => {
    const config = loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' });
    expect(config.devMailbox).toBe(true);
    expect(startupWarnings(config).join('\n')).toMatch(/anyone who can reach/);
  });

  it('is off, with no warning, with DEV_MAILBOX=false, with SMTP_URL or with DATABASE_URL', () => {
    for (const env of [{ HOST: '0.0.0.0', DEV_MAILBOX: 'false' }, { HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' }, { HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/x' }]) {
      const config = loadConfig(env);
      expect(config.devMailbox, JSON.stringify(env)).toBe(false);
      expect(startupWarnings(config).join('\n')).not.toMatch(/mailbox/);
    }
  });
});

describe('the graceful shutdown bound (SHUTDOWN_GRACE_PERIOD)', () => {
  it('is 20 s by default and takes seconds or a duration; anything else is refused', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(20);
    expect(loadConfig({ SHUTDOWN_GRACE_PERIOD: '2s' }).shutdownGraceSeconds).toBe(2);
    expect(loadConfig({ SHUTDOWN_GRACE_PERIOD: '2m' }).shutdownGraceSeconds).toBe(120);
    expect(() => loadConfig({ SHUTDOWN_GRACE_PERIOD: 'soon' })).toThrow(/SHUTDOWN_GRACE_PERIOD/);
  });
});

describe('the database pool (DATABASE_POOL_SIZE)', () => {
  it('is unset by default (openPostgres sizes the pool to the cores) and taken as a whole number when set', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('refuses a size that is no whole number of at least 1', () => {
    for (const DATABASE_POOL_SIZE of ['0', '-3', '2.5', 'many']) expect(() => loadConfig({ DATABASE_POOL_SIZE }), DATABASE_POOL_SIZE).toThrow(/DATABASE_POOL_SIZE/);
  });
});

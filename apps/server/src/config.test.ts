import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

// Sandbox: TTS generations (reference 2.1, 3.1, 4.1-4.3). Filled in by the TTS issue.
import type { ResourceModule } from '../http.js';

export interface TtsSlice {
  generations: Record<string, unknown>[];
}

export const tts: ResourceModule<TtsSlice> = {
  init: () => ({ generations: [] }),
  routes: [],
};

// The limits that bound what a broken or hostile service can make voicectl read, write or walk (README "Security"),
// in one place: the client, the pagination, the download and the help text read them from here.

/**
 * Largest JSON response read whole: a page of 100 records is ~30 KB, so 32 MiB is far beyond any real answer.
 * `voicectl api --max-body <MiB>` raises it.
 */
export const MAX_BODY_MIB = 32;
export const MAX_BODY_BYTES = MAX_BODY_MIB * 1024 * 1024;
/** Highest `api --max-body`. */
export const MAX_BODY_MIB_CEILING = 4096;

/** Pages one --all walk reads at most: 1,000,000 records at 100 a page. VOICECTL_MAX_PAGES changes it. */
export const MAX_PAGES = 10_000;

/** Largest audio file downloaded: a 10,000-character generation is about 10 minutes, ~60 MB as WAV. */
export const MAX_AUDIO_BYTES = 512 * 1024 * 1024;

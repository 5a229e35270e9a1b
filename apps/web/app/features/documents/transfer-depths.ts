// How a document moves between the tab and the storage API: its chunk size and how many chunks are under way at once.
// Imported by the upload and the download, and by bench/documents.ts, whose plain transfers of the storage API and of
// the bare server go at the same depths, so the comparison with the app stays fair. No imports: Node loads it too.

export const CHUNK_SIZE = 4 * 1024 * 1024;
/** Chunks being uploaded at once. */
export const CHUNKS_IN_FLIGHT = 3;
/**
 * Chunks read and encrypted ahead while CHUNKS_IN_FLIGHT upload, so the next upload starts as one ends instead of
 * after its chunk is read and encrypted. bench:documents, 256 MiB: upload at 0.57x the raw storage API with none,
 * 0.68–0.76x with two (three runs), 0.68x with three (and 125 MiB of tab memory). A chunk holds at most its
 * plaintext and its ciphertext (8 MiB), so an upload of any size keeps under ~40 MiB of file data in the tab.
 */
export const UPLOAD_CHUNKS_AHEAD = 2;
/**
 * Chunks in hand or under way while earlier ones are written: bounded memory, a busy network (ADR 073). Each one is
 * fetched, hashed and decrypted before its turn to be written, so a chunk still being hashed or decrypted holds a
 * place without fetching: with three, the app downloaded at 0.77 of the storage API's own rate, with five at 0.95-1.03
 * (the API itself gained nothing from five).
 */
export const DOWNLOAD_CHUNKS_AHEAD = 5;

// The default size limit of one uploaded model file.

/** Largest uploaded file by default: 50 GiB, the size of big checkpoint shards (MODELHUB_MAX_UPLOAD_BYTES overrides). */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 ** 3;

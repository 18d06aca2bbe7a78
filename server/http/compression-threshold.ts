/**
 * Answers smaller than this go out unencoded (the compression middleware's default, kept by the page cache
 * too): the encoding's framing and the work would outweigh the bytes saved.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Open streams per account and process: a few tabs and devices, not an exhausted server. */
export const MAX_STREAMS_PER_ACCOUNT = 8;

/** Lines break between words; only a word wider than its column (a file name, a URL) is split. */
export const WRAP_WORDS = { overflowWrap: 'break-word', wordBreak: 'break-word', hyphens: 'auto' } as const;

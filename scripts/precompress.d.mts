/** Writes .br and .gz beside each compressible text file (1 KB and more, not HTML) under `distDir`. */
export function precompress(distDir: string): Promise<{ files: number; bytes: number; br: number; gz: number }>;

export function buildHost(outdir?: string): Promise<{ host: string; cli: string }>;

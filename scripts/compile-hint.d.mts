export const COMPILE_HINT: string;
export function compiledOnLoad(moduleIds: readonly string[]): boolean;

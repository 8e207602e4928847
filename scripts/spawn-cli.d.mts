export function spawnCli(
  cli: string,
  args: string[],
  input: string,
  env?: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }>;

export interface PanelOutput {
  imports: readonly { path: string; kind: string }[];
}
export function panelPreloads(outputs: Readonly<Record<string, PanelOutput>>, entry: string): string[];
export function panelPage(
  source: string,
  files: { entry: string; preloads: readonly string[]; styles: readonly string[] },
): string;
export function buildPanel(): Promise<{ page: string; files: number }>;
export function unusedChunks(dir: string, page: string, keep?: readonly string[]): string[];

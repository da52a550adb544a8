// The auditors' packages ship no types of their own: what the audit specs use of them.
declare module 'pa11y' {
  type Issue = {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    context: string;
    selector: string;
    runner: string;
  };
  type Options = {
    runners?: ('htmlcs' | 'axe')[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    headers?: Record<string, string>;
    actions?: string[];
    timeout?: number;
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
  };
  export default function pa11y(
    url: string,
    options?: Options,
  ): Promise<{ pageUrl: string; documentTitle: string; issues: Issue[] }>;
}

declare module 'structured-data-testing-tool' {
  type Test = {
    test: string;
    group?: string;
    groups?: string[];
    description?: string;
    error?: { type: string; message: string };
  };
  type Result = { passed: Test[]; failed: Test[]; warnings: Test[]; schemas: string[] };
  /** Resolves when no test failed; otherwise rejects with an Error whose `res` is the same result. */
  export function structuredDataTest(html: string, options: { presets: Preset[] }): Promise<Result>;
  export type Preset = { name: string; description?: string };
}

declare module 'structured-data-testing-tool/presets' {
  import type { Preset } from 'structured-data-testing-tool';
  export const Google: Preset;
  export const Twitter: Preset;
  export const Facebook: Preset;
}

// The auditors' packages ship no types of their own: what the audit specs use of them.
declare module 'pa11y' {
  type Issue = { code: string; type: 'error' | 'warning' | 'notice'; message: string; context: string; selector: string; runner: string };
  type Options = {
    runners?: ('htmlcs' | 'axe')[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    headers?: Record<string, string>;
    actions?: string[];
    timeout?: number;
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
  };
  export default function pa11y(url: string, options?: Options): Promise<{ pageUrl: string; documentTitle: string; issues: Issue[] }>;
}

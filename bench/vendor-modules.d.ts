// Packages the benchmark uses that ship no types of their own: what bench/ uses of them.
declare module 'autocannon' {
  import type { ConnectionOptions } from 'node:tls';

  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent: the request to send instead. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  };
  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    requests?: Request[];
    tlsOptions?: ConnectionOptions;
    /** Sent with every request. */
    headers?: Record<string, string>;
  };
  /** A histogram's summary: latency in ms, requests per second, throughput in bytes per second. */
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };
  export type Result = {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };
  /** Without a callback, autocannon resolves to the run's result. */
  export default function autocannon(options: Options): Promise<Result>;
}

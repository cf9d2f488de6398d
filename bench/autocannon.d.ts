declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: (Request & { setupRequest?: (req: Request, context: unknown) => Request })[];
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  /** A run in progress: a promise of its result that also reports each answer, and can be stopped. */
  export type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: object, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    on(event: 'reqError', listener: (error: Error) => void): Instance;
    stop(): void;
  };
  function autocannon(opts: Options): Instance;
  export default autocannon;
}

/** Types for postgres.mjs (the repository compiles TypeScript only). */
export function postgresBin(): string | undefined;
export function startPostgresIn(where: { bin: string; dir: string; log: string; port: number; database: string }): {
  url: string;
  stop(): void;
};
export function startThrowawayPostgres(
  database: string,
  prefix: string,
): Promise<{ url: string; stop(): void } | undefined>;

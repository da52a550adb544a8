/** Types for postgres.mjs (the repository compiles TypeScript only). */
export function postgresBin(): string | undefined;
export function startPostgresIn(where: { bin: string; dir: string; log: string; port: number; database: string }): {
  url: string;
  stop(): void;
};

// A throwaway PostgreSQL for the benchmarks, from Debian's packages (as npm test does): resolves
// to undefined when PostgreSQL is not installed, and the report says it was skipped.
import { startThrowawayPostgres } from '../deploy/postgres.mjs';

export const startPostgres = () => startThrowawayPostgres('amora_bench', 'amora-bench-pg-');

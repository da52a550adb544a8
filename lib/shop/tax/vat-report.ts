import type { Queryable } from '@/lib/db/client';

/**
 * The owner's quarterly VAT figures (`npm run shop -- vat-report`, issue 49 D): per country of
 * taxation, per currency, per taxability (a reverse charge apart) and per rate, the sales made in
 * the quarter and the refunds made in it, netted. What the OSS return asks for per member state
 * and rate (docs/tax.md). Amounts are integers in the currency's minor unit.
 */
type VatRow = {
  /** Where the VAT is due (Stripe Tax's jurisdiction), else the buyer's country. */
  country: string;
  currency: string;
  /** Stripe Tax's taxability_reason: standard_rated, reduced_rated, zero_rated, reverse_charge, not_collecting… */
  treatment: string;
  rateBp: number;
  sales: number;
  refunds: number;
  net: number;
  vat: number;
  gross: number;
};
/** A paid sale of the quarter whose tax is not known: the operator settles it by hand. */
type FlaggedSale = { orderId: string; paidAt: string; currency: string; gross: number };
export type VatReport = { quarter: string; from: string; to: string; rows: VatRow[]; flagged: FlaggedSale[] };

/** `2026-Q4` as its first instant and the next quarter's, in UTC (our reading: docs/tax.md). */
export function quarterBounds(quarter: string): { from: Date; to: Date } | undefined {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) return undefined;
  const year = Number(match[1]);
  const first = (Number(match[2]) - 1) * 3;
  return { from: new Date(Date.UTC(year, first, 1)), to: new Date(Date.UTC(year, first + 3, 1)) };
}

const GROUP = `coalesce(o.tax_jurisdiction, o.buyer_country, '??') AS country, lower(o.currency) AS currency,
  coalesce(o.taxability_reason, 'unknown') AS treatment, coalesce(o.tax_rate_bp, 0) AS rate_bp`;

type Sums = {
  country: string;
  currency: string;
  treatment: string;
  rate_bp: number;
  n: number;
  gross: number;
  tax: number;
};

export async function vatReport(db: Queryable, quarter: string): Promise<VatReport> {
  const bounds = quarterBounds(quarter);
  if (!bounds) throw new RangeError(`"${quarter}" is not a quarter (YYYY-Q1 … YYYY-Q4)`);
  const range = [bounds.from.toISOString(), bounds.to.toISOString()];
  const sales = await db.query<Sums>(
    `SELECT ${GROUP}, count(*)::int AS n, sum(o.amount_gross)::bigint AS gross, sum(o.amount_tax)::bigint AS tax
     FROM orders o WHERE o.status = 'paid' AND o.tax_status = 'computed' AND o.paid_at >= $1 AND o.paid_at < $2
     GROUP BY 1, 2, 3, 4`,
    range,
  );
  // A refund counts in the quarter it was made, on the row of the sale it gives back.
  const refunds = await db.query<Sums>(
    `SELECT ${GROUP}, count(*)::int AS n, sum(r.amount)::bigint AS gross, sum(r.tax)::bigint AS tax
     FROM refunds r JOIN orders o ON o.id = r.order_id
     WHERE o.tax_status = 'computed' AND r.refunded_at >= $1 AND r.refunded_at < $2
     GROUP BY 1, 2, 3, 4`,
    range,
  );
  const rows = new Map<string, VatRow>();
  const rowOf = (s: Sums) => {
    const key = JSON.stringify([s.country, s.currency, s.treatment, Number(s.rate_bp)]);
    let row = rows.get(key);
    if (!row) {
      row = {
        country: s.country,
        currency: s.currency,
        treatment: s.treatment,
        rateBp: Number(s.rate_bp),
        sales: 0,
        refunds: 0,
        net: 0,
        vat: 0,
        gross: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const s of sales.rows) {
    const row = rowOf(s);
    row.sales += Number(s.n);
    row.gross += Number(s.gross);
    row.vat += Number(s.tax);
  }
  for (const s of refunds.rows) {
    const row = rowOf(s);
    row.refunds += Number(s.n);
    row.gross -= Number(s.gross);
    row.vat -= Number(s.tax);
  }
  for (const row of rows.values()) row.net = row.gross - row.vat;
  const flagged = await db.query<{
    id: string;
    paid_at: string;
    currency: string;
    amount_gross: number | null;
    amount_cents: number;
  }>(
    `SELECT id, paid_at, lower(currency) AS currency, amount_gross, amount_cents FROM orders
     WHERE status = 'paid' AND tax_status = 'missing' AND paid_at >= $1 AND paid_at < $2 ORDER BY paid_at`,
    range,
  );
  return {
    quarter,
    from: range[0]!,
    to: range[1]!,
    rows: [...rows.values()].sort(
      (a, b) =>
        a.country.localeCompare(b.country) ||
        a.currency.localeCompare(b.currency) ||
        a.treatment.localeCompare(b.treatment) ||
        a.rateBp - b.rateBp,
    ),
    flagged: flagged.rows.map((f) => ({
      orderId: f.id,
      paidAt: new Date(f.paid_at).toISOString(),
      currency: f.currency,
      gross: Number(f.amount_gross ?? f.amount_cents),
    })),
  };
}

/** Minor units as the currency writes them: 747 EUR → "7.47", 500 JPY → "500". */
export function majorUnits(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}

const CSV_HEADER = ['country', 'currency', 'treatment', 'rate_percent', 'sales', 'refunds', 'net', 'vat', 'gross'];

/** The rows as CSV (one line per row, LF: it goes to a terminal or a file), amounts in major units with the currency's decimals. */
export function vatReportCsv(report: VatReport): string {
  const lines = report.rows.map((r) =>
    [
      r.country,
      r.currency.toUpperCase(),
      r.treatment,
      String(r.rateBp / 100),
      String(r.sales),
      String(r.refunds),
      majorUnits(r.net, r.currency),
      majorUnits(r.vat, r.currency),
      majorUnits(r.gross, r.currency),
    ].join(','),
  );
  return [CSV_HEADER.join(','), ...lines].join('\n') + '\n';
}

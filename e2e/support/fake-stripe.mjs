// A Stripe-compatible test server for the calls the shop makes through the official `stripe`
// library (written from Stripe's API reference): create, retrieve and expire Checkout Sessions,
// a hosted page that pays or cancels, and events signed exactly as Stripe signs them
// (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`). In-process, for e2e specs and
// the bench; nothing here is used by the shop itself.
// Stripe Tax, as far as the shop uses it: automatic tax on a session (inclusive or exclusive
// prices) at the buyer's country's e-book rate (EBOOK_RATES), a reverse charge for a business
// buyer's EU VAT number of another member state, promotion codes, an invoice per paid session,
// refunds (POST /v1/refunds), and `expand[]` on a session's retrieval as Stripe answers it.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** @typedef {import('./fake-stripe.mjs').FakeStripe} FakeStripe */
/** @typedef {import('node:net').AddressInfo} AddressInfo a TCP server's address */
/** @typedef {import('./fake-stripe.mjs').CheckoutSession} CheckoutSession */
/** @typedef {import('./fake-stripe.mjs').StripeEvent} StripeEvent */
/**
 * What createSession reads of a Checkout Session's parameters, as parseForm gives them back (every value a string).
 * @typedef {{
 *   mode?: string, success_url?: string, cancel_url?: string, client_reference_id?: string, customer_email?: string,
 *   expires_at?: string, locale?: string, metadata?: Record<string, string>,
 *   allowed_payment_method_types?: string[], payment_method_types?: string[],
 *   line_items?: { quantity?: string, price_data?: { currency?: string, unit_amount?: string, tax_behavior?: string, product_data?: { name?: string, tax_code?: string } } }[],
 *   automatic_tax?: { enabled?: string }, tax_id_collection?: { enabled?: string }, invoice_creation?: { enabled?: string },
 *   allow_promotion_codes?: string, billing_address_collection?: string,
 * }} SessionParams
 */
/** @typedef {{ id: string, object: 'charge', amount: number, amount_refunded: number, currency: string, payment_intent: string | null, refunded: boolean, status: string }} Charge */
/** @typedef {import('./fake-stripe.mjs').Buyer} Buyer */
/** An answer to a request: JSON (body), a page (html) or a redirect (location). @typedef {{ status: number, body?: unknown, html?: string, location?: string }} Answer */

const API_VERSION = '2026-10-28.endive';

/**
 * Real VAT/GST rates on e-books (electronically supplied books), as a small table for tests; a
 * country not here is one the seller does not collect in (taxability_reason not_collecting, 0).
 * Sources: the European Commission's "VAT rates applied in the Member States" (taxation-customs.ec.europa.eu)
 * for DE (7%, reduced since 18 Dec 2019), FR (5.5%, reduced), IT (4%, super-reduced), IE (0% since
 * 1 May 2022); the ATO (GST 10%, books at the standard rate) for AU.
 */
export const EBOOK_RATES = /** @type {const} */ ({
  DE: { percentage: 7, reason: 'reduced_rated', name: 'Germany' },
  FR: { percentage: 5.5, reason: 'reduced_rated', name: 'France' },
  IT: { percentage: 4, reason: 'reduced_rated', name: 'Italy' },
  IE: { percentage: 0, reason: 'zero_rated', name: 'Ireland' },
  AU: { percentage: 10, reason: 'standard_rated', name: 'Australia' },
});
const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));
/** An EU VAT number as Stripe's eu_vat type takes it: the member state's prefix (EL for Greece), then 8 to 12 characters. */
const EU_VAT = /^([A-Z]{2})[0-9A-Z]{8,12}$/;
/** Promotion codes the fake knows: code → percentage off. */
const PROMOTION_CODES = { LAUNCH20: 20, HALF: 50 };
const MAX_BODY_BYTES = 1024 * 1024;
/** @param {string} prefix */
const id = (prefix) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
/** @param {string} text */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stripe's form encoding (`a[b][0][c]=1`) back into nested objects and arrays.
 * @param {string} body
 * @returns {Record<string, unknown>}
 */
export function parseForm(body) {
  /** @type {Record<string, unknown>} */
  const root = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      // Stripe would refuse these; here they would write onto Object.prototype.
      if (FORBIDDEN_KEYS.has(part)) throw new FormError(`Invalid parameter name: ${key}.`);
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(/** @type {string} */ (path[i + 1]));
      if (last) node[part] = value;
      else {
        const child = (node[part] ??= nextIsIndex ? [] : {});
        if (typeof child !== 'object' || child === null) throw new FormError(`Invalid object: ${key}.`);
        node = /** @type {Record<string, unknown>} */ (child);
      }
    });
  }
  return root;
}

/** @param {string} raw */
const safeForm = (raw) => {
  try {
    return parseForm(raw);
  } catch {
    return undefined;
  }
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A form body Stripe would answer with 400 invalid_request_error. */
class FormError extends Error {}

/**
 * @param {number} status
 * @param {string} type
 * @param {string} message
 * @param {Record<string, string>} [extra]
 * @returns {Answer}
 */
const stripeError = (status, type, message, extra = {}) => ({ status, body: { error: { type, message, ...extra } } });

/**
 * @param {{ port?: number, webhookUrl?: string, webhookSecret: string, secretKey?: string, originCountry?: string }} options
 * @returns {Promise<FakeStripe>}
 */
export async function startFakeStripe(options) {
  let webhookUrl = options.webhookUrl;
  let webhookMode = 'before-redirect';
  let paypalAvailable = true;
  let taxLocationInvalid = false;
  let taxDetails = true;
  const originCountry = options.originCountry ?? 'IE';
  /** @type {Map<string, Record<string, unknown>>} session id → what only `expand[]` shows */
  const expandable = new Map();
  /** @type {Map<string, Record<string, unknown>>} */
  const invoices = new Map();
  /** @type {Map<string, Record<string, unknown>>} */
  const refunds = new Map();
  /** @type {Map<string, CheckoutSession>} */
  const sessions = new Map();
  /** @type {Map<string, Charge>} */
  const charges = new Map(); // session id → charge
  /** @type {StripeEvent[]} */
  const events = [];
  /** @type {FakeStripe['deliveries']} */
  const deliveries = [];
  /** @type {FakeStripe['requests']} */
  const requests = [];
  /** @type {Map<string, { body: string, response: Answer }>} */
  const idempotent = new Map(); // key → { body, response }
  /** @type {Set<NodeJS.Timeout>} */
  const pendingTimers = new Set();

  /** @type {FakeStripe['sign']} */
  const sign = (payload, { timestamp = now(), secret = options.webhookSecret } = {}) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

  /**
   * @param {string} type
   * @param {{ id: string, [field: string]: unknown }} object
   * @returns {StripeEvent}
   */
  function createEvent(type, object) {
    const event = {
      id: id('evt'),
      object: /** @type {const} */ ('event'),
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    events.push(event);
    return event;
  }

  /**
   * Posts an event to the webhook: its HTTP status, or 0 when there is no webhook or it could not be reached.
   * @param {StripeEvent} event
   */
  async function send(event) {
    if (!webhookUrl) return 0;
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': sign(payload),
        },
        body: payload,
      });
      await response.arrayBuffer();
      deliveries.push({ eventId: event.id, type: event.type, status: response.status });
      return response.status;
    } catch {
      deliveries.push({ eventId: event.id, type: event.type, status: 'error' });
      return 0;
    }
  }

  /**
   * @param {SessionParams} params
   * @param {string} baseUrl
   * @returns {Answer}
   */
  function createSession(params, baseUrl) {
    if (params.mode !== 'payment')
      return stripeError(400, 'invalid_request_error', 'Missing required param: mode.', { param: 'mode' });
    for (const param of /** @type {const} */ (['success_url', 'cancel_url'])) {
      if (!params[param])
        return stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, { param });
    }
    const items = params.line_items ?? [];
    if (!items.length)
      return stripeError(400, 'invalid_request_error', 'Missing required param: line_items.', { param: 'line_items' });
    const price = /** @type {NonNullable<SessionParams['line_items']>[number]} */ (items[0]).price_data;
    if (!price?.currency || !price?.unit_amount || !price?.product_data?.name) {
      return stripeError(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data].', {
        param: 'line_items[0][price_data]',
      });
    }
    const types = params.allowed_payment_method_types ?? params.payment_method_types ?? ['card'];
    if (types.includes('paypal') && !paypalAvailable) {
      return stripeError(
        400,
        'invalid_request_error',
        'The payment method type "paypal" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings).',
        {
          param: 'allowed_payment_method_types',
        },
      );
    }
    // Only the first line item is checked: every one is taken to have price_data, as the shop's has.
    const amount = items.reduce(
      (sum, item) =>
        sum +
        Number(/** @type {{ unit_amount?: string }} */ (item.price_data).unit_amount) * Number(item.quantity ?? 1),
      0,
    );
    const automaticTax = params.automatic_tax?.enabled === 'true';
    // Stripe Tax cannot place the buyer it was given (docs.stripe.com/error-codes): refused before any session exists.
    if (automaticTax && taxLocationInvalid)
      return stripeError(400, 'invalid_request_error', "The customer's location isn't recognized.", {
        code: 'customer_tax_location_invalid',
        param: 'automatic_tax',
      });
    const sessionId = id('cs');
    /** @type {CheckoutSession} */
    const session = {
      id: sessionId,
      object: 'checkout.session',
      allowed_payment_method_types: types,
      allow_promotion_codes: params.allow_promotion_codes === 'true',
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: automaticTax, liability: null, provider: automaticTax ? 'stripe' : null, status: null },
      billing_address_collection: params.billing_address_collection ?? null,
      cancel_url: /** @type {string} */ (params.cancel_url), // checked above
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: price.currency.toLowerCase(),
      customer_details: null,
      customer_email: params.customer_email ?? null,
      discounts: [],
      invoice: null,
      invoice_creation: { enabled: params.invoice_creation?.enabled === 'true' },
      line_items_tax: {
        behavior: price.tax_behavior ?? null,
        code: price.product_data.tax_code ?? null,
      },
      expires_at: Number(params.expires_at ?? now() + 24 * 3600),
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: types,
      payment_status: 'unpaid',
      status: 'open',
      success_url: /** @type {string} */ (params.success_url), // checked above
      tax_id_collection: { enabled: params.tax_id_collection?.enabled === 'true' },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${baseUrl}/pay/${sessionId}`,
    };
    sessions.set(session.id, session);
    return { status: 200, body: session };
  }

  /**
   * Stripe Tax on a paid session: the discount of a promotion code, then the VAT of the buyer's
   * country (inside an inclusive price, on top of an exclusive one), or a reverse charge.
   * @param {CheckoutSession} session
   * @param {Buyer} buyer
   * @param {string} baseUrl
   */
  function applyTax(session, buyer, baseUrl) {
    const country = (buyer.country ?? 'DE').toUpperCase();
    const taxId = buyer.taxId ? buyer.taxId.replace(/\s+/g, '').toUpperCase() : null;
    const percentOff =
      session.allow_promotion_codes && buyer.promotionCode
        ? PROMOTION_CODES[/** @type {'HALF'} */ (buyer.promotionCode.toUpperCase())]
        : undefined;
    const subtotal = /** @type {number} */ (session.amount_subtotal);
    const discount = percentOff ? Math.round((subtotal * percentOff) / 100) : 0;
    const afterDiscount = subtotal - discount;
    /** @type {Record<string, unknown>} */
    const hidden = { discounts: [] };
    if (percentOff) {
      const promotion = {
        id: id('promo'),
        object: 'promotion_code',
        code: buyer.promotionCode?.toUpperCase(),
        active: true,
      };
      const coupon = id('co');
      session.discounts = [{ coupon, promotion_code: promotion.id }];
      hidden.promotion = promotion;
      hidden.discounts = [
        {
          amount: discount,
          discount: {
            id: id('di'),
            object: 'discount',
            coupon: { id: coupon, percent_off: percentOff },
            promotion_code: promotion.id,
          },
        },
      ];
    }
    const prefix = taxId ? EU_VAT.exec(taxId)?.[1] : undefined;
    const reverse = Boolean(
      session.tax_id_collection?.enabled &&
      prefix &&
      EU.has(country) &&
      (prefix === 'EL' ? 'GR' : prefix) === country &&
      country !== originCountry,
    );
    const known = EBOOK_RATES[/** @type {'DE'} */ (country)];
    const percentage = reverse || !known ? 0 : known.percentage;
    const bp = Math.round(percentage * 100);
    const inclusive = session.line_items_tax?.behavior !== 'exclusive';
    // Half up, in integers, as lib/shop/tax/amounts.ts does.
    const tax = !session.automatic_tax.enabled
      ? 0
      : inclusive
        ? Math.floor((2 * afterDiscount * bp + (10_000 + bp)) / (2 * (10_000 + bp)))
        : Math.floor((2 * afterDiscount * bp + 10_000) / 20_000);
    session.amount_total = inclusive ? afterDiscount : afterDiscount + tax;
    session.total_details = { amount_discount: discount, amount_shipping: 0, amount_tax: tax };
    session.customer_details = {
      address: { city: null, country, line1: null, line2: null, postal_code: buyer.postalCode ?? null, state: null },
      business_name: taxId ? 'A business' : null,
      email: session.customer_email,
      name: null,
      phone: null,
      tax_exempt: reverse ? 'reverse' : 'none',
      tax_ids: taxId ? [{ type: 'eu_vat', value: taxId }] : [],
    };
    if (session.automatic_tax.enabled && taxDetails) {
      session.automatic_tax.status = 'complete';
      hidden.taxes = [
        {
          amount: tax,
          rate: {
            id: id('txr'),
            object: 'tax_rate',
            country,
            display_name: country === 'AU' ? 'GST' : 'VAT',
            effective_percentage: percentage,
            inclusive,
            jurisdiction: country,
            percentage: reverse && known ? known.percentage : percentage,
            tax_type: country === 'AU' ? 'gst' : 'vat',
          },
          taxability_reason: reverse ? 'reverse_charge' : known ? known.reason : 'not_collecting',
          taxable_amount: inclusive ? afterDiscount - tax : afterDiscount,
        },
      ];
    } else if (session.automatic_tax.enabled) session.automatic_tax.status = 'requires_location_inputs';
    if (session.invoice_creation?.enabled) {
      const invoiceId = id('in');
      invoices.set(invoiceId, {
        id: invoiceId,
        object: 'invoice',
        hosted_invoice_url: `${baseUrl}/invoice/${invoiceId}`,
        invoice_pdf: `${baseUrl}/invoice/${invoiceId}/pdf`,
        status: 'paid',
        total: session.amount_total,
        currency: session.currency,
      });
      session.invoice = invoiceId;
    }
    expandable.set(session.id, hidden);
  }

  /**
   * The session as Stripe answers a retrieval with `expand[]`: the breakdown, the invoice and the promotion code.
   * @param {CheckoutSession} session
   * @param {string[]} expand
   */
  function expanded(session, expand) {
    const copy = structuredClone(session);
    const hidden = expandable.get(session.id) ?? {};
    if (expand.includes('total_details.breakdown') && copy.total_details)
      copy.total_details.breakdown = { discounts: hidden.discounts ?? [], taxes: hidden.taxes ?? [] };
    if (expand.includes('invoice') && typeof copy.invoice === 'string')
      copy.invoice = invoices.get(copy.invoice) ?? null;
    if (expand.includes('discounts.promotion_code') && hidden.promotion)
      copy.discounts = copy.discounts.map((d) => ({
        ...d,
        promotion_code: /** @type {Record<string, unknown>} */ (hidden.promotion),
      }));
    return copy;
  }

  /**
   * The buyer pays: the session completes with one payment intent and one charge, whatever is clicked twice.
   * @param {CheckoutSession} session
   * @param {Buyer} [buyer]
   */
  function complete(session, buyer = {}) {
    if (session.status !== 'open') return false;
    applyTax(session, buyer, `http://127.0.0.1:${port}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    charges.set(session.id, {
      id: id('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      payment_intent: session.payment_intent,
      refunded: false,
      status: 'succeeded',
    });
    return true;
  }

  /**
   * @param {string} sessionId
   * @param {Buyer} [buyer]
   */
  async function pay(sessionId, buyer) {
    const session = sessions.get(sessionId);
    if (!session || !complete(session, buyer)) return;
    const event = createEvent('checkout.session.completed', session);
    if (webhookMode === 'before-redirect') await send(event);
    else if (webhookMode === 'after-redirect') {
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        void send(event);
      }, 1500);
      pendingTimers.add(timer);
    }
  }

  /**
   * Refunds a session's charge (all that is left, or `amount`), and sends charge.refunded.
   * @param {string} sessionId
   * @param {number} [amount]
   * @returns {Promise<Answer>}
   */
  async function refundCharge(sessionId, amount) {
    const charge = charges.get(sessionId);
    if (!charge) throw new Error(`session ${sessionId} has no charge to refund`);
    const left = charge.amount - charge.amount_refunded;
    const value = amount ?? left;
    if (!Number.isInteger(value) || value <= 0 || value > left)
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${value}) is greater than unrefunded amount on charge (${left}).`,
        { param: 'amount' },
      );
    const refund = {
      id: id('re'),
      object: 'refund',
      amount: value,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded === charge.amount;
    lastRefundEvent = createEvent('charge.refunded', charge);
    await send(lastRefundEvent);
    return { status: 200, body: refund };
  }
  /** @type {StripeEvent | undefined} */
  let lastRefundEvent;

  /** @param {CheckoutSession} session */
  function hostedPage(session) {
    const amount = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: session.currency.toUpperCase(),
    }).format(session.amount_total / 100);
    const body =
      session.status === 'open'
        ? `<p>${escapeHtml(amount)} · ${escapeHtml(session.customer_email ?? '')} · ${escapeHtml(session.payment_method_types.join(', '))}</p>
<form method="post" action="/pay/${escapeHtml(session.id)}">
<label>Country <input name="country" value="DE" maxlength="2"></label>
${session.tax_id_collection?.enabled ? '<label>VAT number <input name="taxId"></label>' : ''}
${session.allow_promotion_codes ? '<label>Promotion code <input name="promotionCode"></label>' : ''}
<button type="submit">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
        : `<p>This checkout session is ${escapeHtml(session.status)}.</p>`;
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Pay Amora</title></head><body><main><h1>Pay Amora</h1>${body}</main></body></html>`;
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {string} raw the request's body
   * @param {string} baseUrl
   * @returns {Promise<Answer>}
   */
  async function route(req, raw, baseUrl) {
    // A server's request always has a URL and a method; Node joins a repeated header into one string.
    const url = new URL(/** @type {string} */ (req.url), baseUrl);
    const hosted = /^\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(url.pathname);
    if (hosted) {
      const session = sessions.get(/** @type {string} */ (hosted[1]));
      if (!session) return { status: 404, html: '<!DOCTYPE html><title>Not found</title><p>No such checkout.</p>' };
      if (req.method === 'GET') return { status: 200, html: hostedPage(session) };
      const form = new URLSearchParams(raw);
      await pay(session.id, {
        country: form.get('country') || undefined,
        taxId: form.get('taxId') || undefined,
        promotionCode: form.get('promotionCode') || undefined,
      });
      return { status: 303, location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
    }

    const invoicePage = /^\/invoice\/(in_[A-Za-z0-9_]+)(\/pdf)?$/.exec(url.pathname);
    if (invoicePage && req.method === 'GET') {
      const invoice = invoices.get(/** @type {string} */ (invoicePage[1]));
      return invoice
        ? { status: 200, html: `<!DOCTYPE html><title>Invoice</title><p>Invoice ${escapeHtml(String(invoice.id))}</p>` }
        : { status: 404, html: '<!DOCTYPE html><title>Not found</title><p>No such invoice.</p>' };
    }
    requests.push({
      method: /** @type {string} */ (req.method),
      path: url.pathname,
      idempotencyKey: /** @type {string | undefined} */ (req.headers['idempotency-key']),
      ...(req.method === 'POST' && raw ? { form: safeForm(raw) } : {}),
    });
    if (options.secretKey && req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.', { code: 'api_key_invalid' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = /** @type {string | undefined} */ (req.headers['idempotency-key']);
      const previous = key && idempotent.get(key);
      if (previous) {
        return previous.body === raw
          ? previous.response
          : stripeError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            );
      }
      const response = createSession(/** @type {SessionParams} */ (parseForm(raw)), baseUrl);
      if (key) idempotent.set(key, { body: raw, response });
      return response;
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = /** @type {string | undefined} */ (req.headers['idempotency-key']);
      const previous = key && idempotent.get(key);
      if (previous) return previous.response;
      const params = /** @type {{ payment_intent?: string, amount?: string }} */ (parseForm(raw));
      const entry = [...charges.entries()].find(
        ([, c]) => c.payment_intent && c.payment_intent === params.payment_intent,
      );
      if (!entry)
        return stripeError(404, 'invalid_request_error', `No such payment_intent: '${params.payment_intent}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        });
      const response = await refundCharge(entry[0], params.amount === undefined ? undefined : Number(params.amount));
      if (key) idempotent.set(key, { body: raw, response });
      return response;
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (one) {
      const session = sessions.get(/** @type {string} */ (one[1]));
      if (!session)
        return stripeError(404, 'invalid_request_error', `No such checkout.session: '${one[1]}'`, {
          code: 'resource_missing',
          param: 'session',
        });
      if (!one[2] && req.method === 'GET')
        return {
          status: 200,
          body: expanded(
            session,
            [...url.searchParams].filter(([k]) => k.startsWith('expand')).map(([, v]) => v),
          ),
        };
      if (one[2] && req.method === 'POST') {
        if (session.status !== 'open')
          return stripeError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired.`,
          );
        await api.expire(session.id);
        return { status: 200, body: session };
      }
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  // Idle connections stay open until the client closes them: Node's 5 s default closes one just as a
  // test's request reuses it (ECONNRESET, a flaky failure); e2e/support/test-doubles.integration.test.ts.
  const server = createServer({ keepAliveTimeout: 0 }, (req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', async () => {
      if (size > MAX_BODY_BYTES) return res.writeHead(413).end();
      const baseUrl = `http://127.0.0.1:${/** @type {AddressInfo} */ (server.address()).port}`;
      /** @type {Answer} */
      let answer;
      try {
        answer = await route(req, Buffer.concat(chunks).toString('utf8'), baseUrl);
      } catch (error) {
        // Every request gets an answer: a throw here was an unhandled rejection and a hung request.
        const message = error instanceof Error ? error.message : String(error);
        answer =
          error instanceof FormError
            ? stripeError(400, 'invalid_request_error', message)
            : stripeError(500, 'api_error', message);
      }
      if (answer.location) return res.writeHead(answer.status, { Location: answer.location }).end();
      if (answer.html)
        return res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(answer.html);
      res
        .writeHead(answer.status, {
          'Content-Type': 'application/json',
          'Request-Id': id('req'),
          'Stripe-Version': API_VERSION,
        })
        .end(JSON.stringify(answer.body));
    });
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve)));
  const port = /** @type {AddressInfo} */ (server.address()).port;

  /** @param {string} sessionId */
  const sessionOrThrow = (sessionId) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  };
  /** @param {string} eventId */
  const eventOrThrow = (eventId) => {
    const event = events.find((e) => e.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    return event;
  };

  /** @type {FakeStripe} */
  const api = {
    url: `http://127.0.0.1:${port}`,
    port,
    sessions,
    events,
    deliveries,
    requests,
    sign,
    setWebhookUrl: (url) => void (webhookUrl = url),
    setWebhookMode: (mode) => void (webhookMode = mode),
    setPaypalAvailable: (available) => void (paypalAvailable = available),
    setTaxLocationInvalid: (invalid) => void (taxLocationInvalid = invalid),
    setTaxDetails: (given) => void (taxDetails = given),
    invoices,
    refunds,
    pay,
    async expire(sessionId) {
      const session = sessionOrThrow(sessionId);
      session.status = 'expired';
      const event = createEvent('checkout.session.expired', session);
      await send(event);
      return event;
    },
    async refund(sessionId, amount) {
      const answer = await refundCharge(sessionId, amount);
      if (answer.status !== 200 || !lastRefundEvent) throw new Error(`refund refused: ${JSON.stringify(answer.body)}`);
      return lastRefundEvent;
    },
    async dispute(sessionId) {
      const charge = charges.get(sessionId);
      if (!charge) throw new Error(`session ${sessionId} has no charge to dispute`);
      const event = createEvent('charge.dispute.created', {
        id: id('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
      });
      await send(event);
      return event;
    },
    redeliver: (eventId) => send(eventOrThrow(eventId)),
    deliver: (eventId) => send(eventOrThrow(eventId)),
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          for (const timer of pendingTimers) clearTimeout(timer);
          server.closeAllConnections?.();
          server.close(() => resolve());
        })
      ),
  };
  return api;
}
